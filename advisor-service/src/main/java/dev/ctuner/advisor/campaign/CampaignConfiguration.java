package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.IngestConfiguration;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.advisor.learning.TrainingInProgressException;
import dev.ctuner.advisor.rollout.CommandFactory;
import dev.ctuner.advisor.rollout.FencedCommandSender;
import dev.ctuner.advisor.rollout.KafkaCommandSender;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.tuning.ProposalRaces;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.message.WorkloadSample;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.Producer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * Campaigns: the service that starts them (always), and, with Kafka, the runner that sends their
 * experiments and the listener that takes their results.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CampaignProperties.class)
public class CampaignConfiguration {

    private static final Logger log = LoggerFactory.getLogger(CampaignConfiguration.class);

    @Bean
    CampaignService campaignService(CampaignStore store, KnobCatalog catalog, CampaignProperties properties, Clock clock,
                                    ObjectProvider<LearningService> learning, ObjectProvider<ClusterRegistry> registry,
                                    ExperimentSampleStore samples) {
        for (String node : properties.experimentNodes()) {
            int slash = node.indexOf('/');
            if (slash <= 0 || slash == node.length() - 1 || node.indexOf('/', slash + 1) >= 0) {
                throw new IllegalArgumentException("ctuner.advisor.campaigns.experiment-nodes: '" + node
                        + "' is not cluster/node (the cluster id and node id its sidecar reports)");
            }
        }
        return new CampaignService(store, catalog, properties, clock,
                () -> Optional.ofNullable(learning.getIfAvailable()).flatMap(LearningService::current).map(TrainedModel::models),
                cluster -> Optional.ofNullable(registry.getIfAvailable()).map(r -> observedReadRatios(r, properties, cluster))
                        .orElse(List.of()), samples);
    }

    /**
     * The read ratios the serving clusters run now, to the nearest 0.1: each cluster's mean over its
     * nodes' latest windows (the experiment nodes' clusters left out); of one cluster when {@code only} names it.
     */
    static List<Double> observedReadRatios(ClusterRegistry registry, CampaignProperties properties, Optional<String> only) {
        Set<String> experimentClusters = properties.experimentNodes().stream().map(n -> CampaignProperties.clusterOf(n).value())
                .collect(Collectors.toSet());
        Set<Double> ratios = new TreeSet<>();
        for (ClusterId cluster : registry.clusters()) {
            if (experimentClusters.contains(cluster.value()) || only.isPresent() && !only.get().equals(cluster.value())) {
                continue;
            }
            registry.nodes(cluster).stream().map(NodeView::latestSample).flatMap(Optional::stream)
                    .map(WorkloadSample::readRatio).filter(Objects::nonNull).mapToDouble(Double::doubleValue).average()
                    .ifPresent(mean -> ratios.add(Math.round(mean * 10) / 10.0));
        }
        return List.copyOf(ratios);
    }

    /** The runner and the result listener; only with Kafka, where experiments go. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "ctuner.advisor.kafka", name = "enabled", havingValue = "true", matchIfMissing = true)
    static class Running {

        @Bean(destroyMethod = "close")
        CampaignRunner campaignRunner(CampaignStore store, CommandResultStore results, ExperimentSampleStore samples,
                                      ClusterRegistry registry,
                                      CommandFactory commands, Producer<String, byte[]> producer, Topics topics,
                                      LeaderGate leadership, CampaignProperties properties, Clock clock,
                                      ObjectProvider<LearningService> learning, CampaignService service) {
            CampaignRunner runner = new CampaignRunner(store, results, samples, registry, commands,
                    new FencedCommandSender(new KafkaCommandSender(producer, topics.commands()), leadership, commands),
                    leadership, properties, clock, done -> {
                        if (!properties.retrainWhenDone() || done.settings().kind() != CampaignSettings.Kind.DESIGN) {
                            return;
                        }
                        learning.ifAvailable(l -> {
                            try {
                                l.startRetraining("campaign " + done.name());
                            } catch (TrainingInProgressException busy) {
                                log.info("campaign {} done while a training run was going; train again to include it", done.name());
                            }
                        });
                    });
            service.onCreated(runner::wake);
            return runner;
        }

        @Bean
        IngestConfiguration.ExperimentListener experimentResults(CampaignStore store, ExperimentSampleStore samples,
                                                                 KnobCatalog catalog, MeterRegistry meters, Clock clock,
                                                                 CampaignRunner runner) {
            ExperimentResults results = new ExperimentResults(store, samples, catalog, meters, clock, runner::wake);
            return results::accept;
        }

        /** The tuning loop's races: one per change, on the experiment nodes, while any is configured. */
        @Bean
        ProposalRaces proposalRaces(CampaignService campaigns, CampaignProperties properties) {
            return new ProposalRaces() {
                @Override
                public boolean available() {
                    return !properties.experimentNodes().isEmpty();
                }

                @Override
                public ProposalRaces.Status race(ClusterId cluster, Map<String, String> current, Map<String, String> pick) {
                    if (!available()) {
                        return new ProposalRaces.Status.Unavailable();
                    }
                    Campaign race = campaigns.raceFor(cluster, current, pick, TuningLoopStore.LOOP_ACTOR);
                    return switch (race.state()) {
                        case RUNNING -> new ProposalRaces.Status.Racing("race " + race.name() + ", " + campaigns.experimentsSent(race)
                                + " of at most " + race.settings().budget() + " experiments sent");
                        case DONE -> campaigns.raced(race).<ProposalRaces.Status>map(r -> new ProposalRaces.Status.Raced(
                                r.evidence(), "race " + race.name() + ": " + r.summary())).orElse(new ProposalRaces.Status.Ended(
                                "race " + race.name() + " is done but its outcome cannot be replayed"));
                        case STOPPED, CANCELLED -> new ProposalRaces.Status.Ended("race " + race.name() + " " + race.state()
                                + race.detail().map(d -> ": " + d).orElse(""));
                    };
                }
            };
        }

        @EventListener(ApplicationReadyEvent.class)
        void start(ApplicationReadyEvent ready) {
            ready.getApplicationContext().getBean(CampaignRunner.class).start();
        }
    }
}
