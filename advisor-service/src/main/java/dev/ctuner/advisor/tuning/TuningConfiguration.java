package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.config.VettingProperties;
import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.core.tuning.DecisionThresholds;
import dev.ctuner.advisor.core.tuning.ForecastSelector;
import dev.ctuner.advisor.core.tuning.SupersedeRule;
import dev.ctuner.advisor.core.tuning.TuningDecider;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.common.catalog.KnobCatalog;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tuning loop's settings and, when Kafka is on (rollouts go nowhere else) and the loop is
 * enabled, its runner.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TuningProperties.class)
public class TuningConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(name = {"ctuner.advisor.kafka.enabled", "ctuner.advisor.tuning.enabled"}, havingValue = "true",
            matchIfMissing = true)
    TuningLoopRunner tuningLoopRunner(TuningLoopService loops, TuningLoopStore store, RecommendationService recommendations,
                                      RolloutService rollouts, RolloutStore rolloutStore, ObservationStore observations,
                                      VerificationStore verifications, LearningService learning, ReportedRings rings,
                                      ClusterRegistry registry, SafeRoundPlanner planner, KnobCatalog catalog,
                                      TuningProperties properties, VettingProperties vetting, MeterRegistry meters,
                                      LeaderGate leadership, ObjectProvider<ProposalRaces> races) {
        return new TuningLoopRunner(cycle(loops, store, recommendations, rollouts, rolloutStore, observations, verifications, learning,
                rings, registry, planner, catalog, properties, vetting, Optional.ofNullable(races.getIfAvailable())), registry, store,
                properties.decisionPeriod(), meters, leadership);
    }

    /** One cluster's decision period, wired from the advisor's services (the runner calls it; tests call it directly). */
    static TuningCycle cycle(TuningLoopService loops, TuningLoopStore store, RecommendationService recommendations,
                             RolloutService rollouts, RolloutStore rolloutStore, ObservationStore observations,
                             VerificationStore verifications, LearningService learning, ReportedRings rings,
                             ClusterRegistry registry, SafeRoundPlanner planner, KnobCatalog catalog, TuningProperties properties,
                             VettingProperties vetting) {
        return cycle(loops, store, recommendations, rollouts, rolloutStore, observations, verifications, learning, rings, registry,
                planner, catalog, properties, vetting, Optional.empty());
    }

    /** As above, racing proposals whose tier needs a race on an experiment node when {@code races} is given. */
    static TuningCycle cycle(TuningLoopService loops, TuningLoopStore store, RecommendationService recommendations,
                             RolloutService rollouts, RolloutStore rolloutStore, ObservationStore observations,
                             VerificationStore verifications, LearningService learning, ReportedRings rings,
                             ClusterRegistry registry, SafeRoundPlanner planner, KnobCatalog catalog, TuningProperties properties,
                             VettingProperties vetting, Optional<ProposalRaces> races) {
        DecisionInputs inputs = new DecisionInputs(observations, learning, rings, registry, rolloutStore, planner, catalog, properties,
                vetting, races.filter(ProposalRaces::available).isPresent());
        TuningDecider decider = new TuningDecider(ForecastSelector.standard(),
                new DecisionThresholds(properties.minGain(), 0, 0, properties.minHistory(), 1,
                        properties.historyPaybackShare()));
        ChangeVerification verification = new ChangeVerification(recommendations, rolloutStore, rollouts, observations, verifications,
                store, properties);
        return new TuningCycle(loops, store, recommendations, rollouts, observations, inputs, decider,
                SupersedeRule.standard(), verification, catalog, properties, vetting, races);
    }
}
