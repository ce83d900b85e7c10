package dev.ctuner.advisor.ingest;

import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.TopicKind;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.WorkloadSample;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Turns one record from a sidecar topic into state: heartbeats and samples into the
 * {@link ClusterRegistry}, workload samples also into the {@link ObservationStore} (once per message
 * id, counted as {@code ctuner.observations.stored}), command results into the
 * {@link CommandResultStore}, experiment results to the campaigns. Input that does not decode, a message on the wrong topic, a sample
 * the store cannot hold or {@link SampleAdmission} refuses (which bounds the samples one node can have stored), or a record from a new node once the registry keeps as many nodes as it may (a flood of
 * made-up node ids), goes to the dead-letter topic with its reason and is counted
 * ({@code ctuner.ingest.rejected}, tagged by topic kind and reason code); it never throws for bad
 * input and stores nothing of it. A store failure does throw, so that the consumer retries the
 * record instead of losing it.
 *
 * <pre>{@code
 * handler.handle(TopicKind.STATUS, "n1", bytes);
 * }</pre>
 */
public final class IngestHandler {

    private final MessageCodec codec;
    private final ClusterRegistry registry;
    private final CommandResultStore results;
    private final ObservationStore observations;
    private final DeadLetters deadLetters;
    private final MeterRegistry meters;
    private final IngestMeters ingestMeters;
    private final Consumer<ReportedResult> onResult;
    private final SampleAdmission admission;
    private final Clock clock;
    private final Consumer<Envelope> onExperiment;

    public IngestHandler(MessageCodec codec, ClusterRegistry registry, CommandResultStore results,
                         ObservationStore observations, DeadLetters deadLetters, MeterRegistry meters, IngestMeters ingestMeters,
                         Consumer<ReportedResult> onResult, SampleAdmission admission, Clock clock) {
        this(codec, registry, results, observations, deadLetters, meters, ingestMeters, onResult, admission, clock, e -> { });
    }

    /** @param onExperiment takes each ExperimentResult (campaigns store it); it throws when its store fails */
    public IngestHandler(MessageCodec codec, ClusterRegistry registry, CommandResultStore results,
                         ObservationStore observations, DeadLetters deadLetters, MeterRegistry meters, IngestMeters ingestMeters,
                         Consumer<ReportedResult> onResult, SampleAdmission admission, Clock clock,
                         Consumer<Envelope> onExperiment) {
        this.onExperiment = onExperiment;
        this.admission = admission;
        this.clock = clock;
        this.codec = codec;
        this.registry = registry;
        this.results = results;
        this.observations = observations;
        this.deadLetters = deadLetters;
        this.meters = meters;
        this.ingestMeters = ingestMeters;
        this.onResult = onResult;
    }

    /** Handles one record read from the topic of kind {@code kind}. */
    public void handle(String topic, TopicKind kind, String key, byte[] value) {
        DecodeResult decoded = codec.decode(value);
        if (decoded instanceof DecodeResult.Rejected rejected) {
            reject(topic, kind, key, value, rejected.code().name(), rejected.code() + ": " + rejected.detail());
            return;
        }
        Envelope envelope = ((DecodeResult.Decoded) decoded).envelope();
        if (envelope.messageType().topicKind() != kind) {
            reject(topic, kind, key, value, "WRONG_TOPIC", envelope.type() + " does not belong on " + topic);
            return;
        }
        if (!(envelope.payload() instanceof CommandResult) && !registry.admits(envelope.clusterId(), envelope.nodeId())) {
            reject(topic, kind, key, value, "TOO_MANY_NODES", "the advisor keeps at most " + registry.maxNodes() + " nodes "
                    + "(ctuner.advisor.kafka.max-nodes) and knows that many; a record from a new node is refused");
            return;
        }
        if (envelope.payload() instanceof NodeStatus status) {
            registry.status(envelope.clusterId(), envelope.nodeId(), envelope.createdAt(), status);
        } else if (envelope.payload() instanceof WorkloadSample sample) {
            List<WorkloadSample> kept = registry.node(envelope.clusterId(), envelope.nodeId()).map(NodeView::samples).orElse(List.of());
            SampleAdmission.Verdict verdict = admission.judge(kept, sample, clock.instant());
            if (verdict instanceof SampleAdmission.Verdict.Refuse refused) {
                reject(topic, kind, key, value, refused.code(), refused.reason());
                return;
            }
            if (verdict instanceof SampleAdmission.Verdict.Duplicate) {
                meters.counter("ctuner.ingest.duplicates", "topic", kind.name().toLowerCase()).increment();
                return;
            }
            Optional<String> unstorable = ObservationStore.unstorable(envelope);
            if (unstorable.isPresent()) {
                reject(topic, kind, key, value, "UNSTORABLE", unstorable.get());
                return;
            }
            if (observations.record(envelope)) {
                meters.counter("ctuner.observations.stored").increment();
            }
            registry.sample(envelope.clusterId(), envelope.nodeId(), sample);
        } else if (envelope.payload() instanceof CommandResult result) {
            ReportedResult reported = reported(envelope, result);
            if (results.record(reported)) {
                onResult.accept(reported);
            }
        } else if (envelope.payload() instanceof ExperimentResult) {
            onExperiment.accept(envelope);
        } else {
            meters.counter("ctuner.ingest.ignored", "type", envelope.type()).increment();
        }
        meters.counter("ctuner.ingest.accepted", "topic", kind.name().toLowerCase()).increment();
        ingestMeters.handled(kind, envelope.createdAt());
    }

    private void reject(String topic, TopicKind kind, String key, byte[] value, String code, String reason) {
        Counter.builder("ctuner.ingest.rejected").description("records sent to the dead-letter topic")
                .tag("topic", kind.name().toLowerCase()).tag("reason", code).register(meters).increment();
        ingestMeters.deadLettered(kind);
        deadLetters.park(topic, key, value, reason);
    }

    private static ReportedResult reported(Envelope envelope, CommandResult r) {
        TreeMap<String, String> durations = new TreeMap<>();
        r.phaseDurationsMillis().forEach((phase, millis) -> durations.put(phase.name(), Long.toString(millis)));
        return new ReportedResult(envelope.id(), r.commandId(), envelope.clusterId(), envelope.nodeId(), r.status(), r.phase(),
                Optional.ofNullable(r.reason()), Optional.ofNullable(r.rejectionCode()), durations, r.previousValues(), r.at());
    }
}
