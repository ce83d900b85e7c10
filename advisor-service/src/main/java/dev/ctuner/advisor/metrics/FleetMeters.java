package dev.ctuner.advisor.metrics;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.tuning.Verification;
import dev.ctuner.advisor.store.LoopDecision;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.MultiGauge.Row;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The advisor's per-cluster gauges (names in docs/observability.md), rewritten from each
 * {@link FleetSnapshot}. Every state, verdict and outcome of a known cluster has a row, 0 when
 * nothing is in it, so a query for a state nobody is in yet still finds a series. Ages are computed
 * when Prometheus scrapes, from the instants of the snapshot.
 *
 * <pre>{@code
 * FleetMeters meters = new FleetMeters(registry, clock);
 * meters.update(snapshot);
 * }</pre>
 */
public final class FleetMeters {

    private static final double NONE = Double.NaN;

    private final Clock clock;
    private final MultiGauge loopPaused;
    private final MultiGauge loopPausedSeconds;
    private final MultiGauge lastDecision;
    private final MultiGauge lastDecisionAge;
    private final MultiGauge pending;
    private final MultiGauge recommendations;
    private final MultiGauge rollouts;
    private final MultiGauge verifications;
    private final MultiGauge predictedGain;
    private final MultiGauge realizedGain;
    private final MultiGauge verified;
    private final MultiGauge missed;
    private final MultiGauge missedRatio;
    private final MultiGauge heartbeatAge;
    private final MultiGauge drift;
    private volatile FleetSnapshot latest = new FleetSnapshot(List.of(), Optional.empty(), 0);

    public FleetMeters(MeterRegistry registry, Clock clock) {
        this.clock = clock;
        loopPaused = gauge(registry, "ctuner.loop.paused", "1 while the cluster's tuning loop is paused, else 0");
        loopPausedSeconds = gauge(registry, "ctuner.loop.paused.seconds",
                "seconds since the paused loop was last changed (0 while it runs)");
        lastDecision = gauge(registry, "ctuner.loop.last.decision", "1 for the outcome of the loop's latest decision, 0 for the others");
        lastDecisionAge = gauge(registry, "ctuner.loop.last.decision.age.seconds", "seconds since the loop's latest decision");
        pending = gauge(registry, "ctuner.proposals.pending", "recommendations waiting for vetting or approval (PROPOSED, VETTED)");
        recommendations = gauge(registry, "ctuner.recommendations", "recommendations by state");
        rollouts = gauge(registry, "ctuner.rollouts", "rollouts by state");
        verifications = gauge(registry, "ctuner.verifications", "verifications of rolled-out changes by verdict");
        predictedGain = gauge(registry, "ctuner.verification.last.predicted.gain.ratio", "predicted relative gain of the latest verified change");
        realizedGain = gauge(registry, "ctuner.verification.last.realized.gain.ratio", "measured relative gain of the latest verified change");
        verified = gauge(registry, "ctuner.model.predictions.verified", "predictions compared with a measured outcome");
        missed = gauge(registry, "ctuner.model.predictions.missed", "predictions missed by more than their own uncertainty");
        missedRatio = gauge(registry, "ctuner.model.missed.prediction.ratio",
                "share of verified predictions that missed (the model-health figure; NaN before the first)");
        heartbeatAge = gauge(registry, "ctuner.node.heartbeat.age.seconds", "seconds since the node's sidecar last sent a heartbeat");
        drift = gauge(registry, "ctuner.config.drift.knobs",
                "catalog knobs whose values differ between the cluster's nodes (NaN while no node reported its configuration lately)");
        io.micrometer.core.instrument.Gauge.builder("ctuner.model.age.seconds", this,
                        m -> m.latest.modelTrainedAt().map(this::ageSeconds).orElse(NONE))
                .description("seconds since the model in use was trained (NaN while there is none)").register(registry);
        io.micrometer.core.instrument.Gauge.builder("ctuner.model.training.samples", this, m -> m.latest.modelSamples())
                .description("samples the model in use was trained on").register(registry);
        io.micrometer.core.instrument.Gauge.builder("ctuner.clusters", this, m -> m.latest.clusters().size())
                .description("clusters the advisor knows (reported by sidecars or with a stored loop)").register(registry);
    }

    private static MultiGauge gauge(MeterRegistry registry, String name, String description) {
        return MultiGauge.builder(name).description(description).register(registry);
    }

    /** Replaces every row with the snapshot's. */
    public void update(FleetSnapshot snapshot) {
        latest = snapshot;
        List<Row<?>> paused = new ArrayList<>();
        List<Row<?>> pausedFor = new ArrayList<>();
        List<Row<?>> decisions = new ArrayList<>();
        List<Row<?>> decisionAges = new ArrayList<>();
        List<Row<?>> pendingRows = new ArrayList<>();
        List<Row<?>> recRows = new ArrayList<>();
        List<Row<?>> rolloutRows = new ArrayList<>();
        List<Row<?>> verdictRows = new ArrayList<>();
        List<Row<?>> predicted = new ArrayList<>();
        List<Row<?>> realized = new ArrayList<>();
        List<Row<?>> verifiedRows = new ArrayList<>();
        List<Row<?>> missedRows = new ArrayList<>();
        List<Row<?>> ratioRows = new ArrayList<>();
        List<Row<?>> heartbeats = new ArrayList<>();
        List<Row<?>> driftRows = new ArrayList<>();
        for (FleetSnapshot.Cluster c : snapshot.clusters()) {
            Tags cluster = Tags.of("cluster", c.cluster());
            boolean isPaused = c.paused().orElse(false);
            paused.add(Row.of(cluster, isPaused ? 1 : 0));
            Optional<Instant> pausedSince = isPaused ? c.loopUpdatedAt() : Optional.empty();
            pausedFor.add(Row.of(cluster, age(pausedSince, 0)));
            for (LoopDecision.Outcome outcome : LoopDecision.Outcome.values()) {
                boolean last = c.lastDecision().map(d -> d.outcome().equals(outcome.name())).orElse(false);
                decisions.add(Row.of(cluster.and("outcome", outcome.name().toLowerCase()), last ? 1 : 0));
            }
            decisionAges.add(Row.of(cluster, age(c.lastDecision().map(d -> d.at()), NONE)));
            pendingRows.add(Row.of(cluster, count(c.recommendations(), "PROPOSED") + count(c.recommendations(), "VETTED")));
            for (RecommendationState s : RecommendationState.values()) {
                recRows.add(Row.of(cluster.and("state", s.name().toLowerCase()), count(c.recommendations(), s.name())));
            }
            for (RolloutState s : RolloutState.values()) {
                rolloutRows.add(Row.of(cluster.and("state", s.name().toLowerCase()), count(c.rollouts(), s.name())));
            }
            for (Verification.Verdict v : Verification.Verdict.values()) {
                verdictRows.add(Row.of(cluster.and("verdict", v.name().toLowerCase()), count(c.verdicts(), v.name())));
            }
            predicted.add(Row.of(cluster, c.lastVerification().flatMap(v -> boxed(v.predictedGain())).orElse(NONE)));
            realized.add(Row.of(cluster, c.lastVerification().flatMap(v -> boxed(v.realizedGain())).orElse(NONE)));
            verifiedRows.add(Row.of(cluster, c.verified()));
            missedRows.add(Row.of(cluster, c.missed()));
            ratioRows.add(Row.of(cluster, c.verified() == 0 ? NONE : (double) c.missed() / c.verified()));
            driftRows.add(Row.of(cluster, c.driftedKnobs().isPresent() ? c.driftedKnobs().getAsInt() : NONE));
            for (FleetSnapshot.Node n : c.nodes()) {
                heartbeats.add(Row.of(cluster.and("node", n.node()).and("dc", n.dc()).and("rack", n.rack()), age(n.heartbeatAt(), NONE)));
            }
        }
        loopPaused.register(paused, true);
        loopPausedSeconds.register(pausedFor, true);
        lastDecision.register(decisions, true);
        lastDecisionAge.register(decisionAges, true);
        pending.register(pendingRows, true);
        recommendations.register(recRows, true);
        rollouts.register(rolloutRows, true);
        verifications.register(verdictRows, true);
        predictedGain.register(predicted, true);
        realizedGain.register(realized, true);
        verified.register(verifiedRows, true);
        missed.register(missedRows, true);
        missedRatio.register(ratioRows, true);
        heartbeatAge.register(heartbeats, true);
        drift.register(driftRows, true);
    }

    /** Seconds from {@code at} to now, computed at each scrape; {@code otherwise} without an instant. */
    private Supplier<Number> age(Optional<Instant> at, double otherwise) {
        return () -> at.map(this::ageSeconds).orElse(otherwise);
    }

    private double ageSeconds(Instant at) {
        return Duration.between(at, clock.instant()).toMillis() / 1000.0;
    }

    private static int count(java.util.Map<String, Integer> counts, String key) {
        return counts.getOrDefault(key, 0);
    }

    private static Optional<Double> boxed(java.util.OptionalDouble d) {
        return d.isPresent() ? Optional.of(d.getAsDouble()) : Optional.empty();
    }

}
