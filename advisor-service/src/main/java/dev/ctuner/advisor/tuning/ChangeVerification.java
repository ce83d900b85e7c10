package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.tuning.ChangeVerifier;
import dev.ctuner.advisor.core.tuning.Verification;
import dev.ctuner.advisor.core.tuning.WindowMeasurement;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verification after every rollout: once the windows after a SUCCEEDED rollout are in, its
 * throughput and p99 are compared with the windows before it at a matching workload by a rank test
 * ({@link ChangeVerifier}); the result is stored with the realized gain next to the predicted one,
 * and a change measured significantly worse is rolled back (when so configured).
 *
 * <pre>{@code
 * verification.verifyDue(cluster, now);   // at every decision period, before deciding anything new
 * }</pre>
 */
class ChangeVerification {

    private static final Logger log = LoggerFactory.getLogger(ChangeVerification.class);

    private final RecommendationService recommendations;
    private final RolloutStore rollouts;
    private final RolloutService rolloutService;
    private final ObservationStore observations;
    private final VerificationStore verifications;
    private final TuningLoopStore loops;
    private final TuningProperties properties;

    ChangeVerification(RecommendationService recommendations, RolloutStore rollouts, RolloutService rolloutService,
                       ObservationStore observations, VerificationStore verifications, TuningLoopStore loops,
                       TuningProperties properties) {
        this.recommendations = recommendations;
        this.rollouts = rollouts;
        this.rolloutService = rolloutService;
        this.observations = observations;
        this.verifications = verifications;
        this.loops = loops;
        this.properties = properties;
    }

    /** Verifies every change of the cluster whose after-windows are complete and that has no verification yet. */
    void verifyDue(ClusterId cluster, Instant now) {
        for (Recommendation r : recommendations.list(Optional.of(cluster), Optional.of(RecommendationState.VERIFIED), 20)) {
            if (verifications.find(r.id()).isPresent()) {
                continue;
            }
            Optional<Rollout> rollout = succeeded(r);
            if (rollout.isPresent() && !now.isBefore(afterEnd(rollout.get()))) {
                verify(r, rollout.get(), now);
            }
        }
    }

    /**
     * Why no new change may be proposed yet: a change of this cluster has been rolled out and its
     * after-windows are not all in, so a second change now would be measured together with it.
     */
    Optional<String> awaiting(ClusterId cluster, Instant now) {
        for (Recommendation r : recommendations.list(Optional.of(cluster), Optional.of(RecommendationState.VERIFIED), 20)) {
            if (verifications.find(r.id()).isPresent()) {
                continue;
            }
            Optional<Rollout> rollout = succeeded(r);
            if (rollout.isPresent() && now.isBefore(afterEnd(rollout.get()))) {
                return Optional.of("waiting to verify recommendation " + r.id() + " (rollout " + rollout.get().id() + " finished at "
                        + rollout.get().updatedAt() + "; its after-windows end at " + afterEnd(rollout.get())
                        + "): no new change before it is measured");
            }
        }
        return Optional.empty();
    }

    private Optional<Rollout> succeeded(Recommendation r) {
        return rollouts.forRecommendation(r.id()).stream().map(rollouts::find).flatMap(Optional::stream)
                .filter(x -> x.state() == RolloutState.SUCCEEDED).max(Comparator.comparing(Rollout::updatedAt));
    }

    private Instant afterStart(Rollout rollout) {
        return rollout.updatedAt().plus(properties.verifyWarmup());
    }

    private Instant afterEnd(Rollout rollout) {
        return afterStart(rollout).plus(properties.verifyAfter());
    }

    private void verify(Recommendation r, Rollout rollout, Instant now) {
        ClusterId cluster = r.clusterId();
        List<WindowMeasurement> before = measurements(observations.series(cluster, rollout.createdAt().minus(properties.verifyAfter()),
                rollout.createdAt(), properties.step()));
        List<WindowMeasurement> after = measurements(observations.series(cluster, afterStart(rollout), afterEnd(rollout),
                properties.step()));
        ChangeVerifier verifier = new ChangeVerifier(properties.verifyMixTolerance(), properties.verifyAlpha(), properties.verifyMinWindows());
        Verification v = verifier.verify(before, after, r.gain());   // an operator's own change carries no prediction
        verifications.insert(new VerificationStore.ChangeVerification(r.id(), cluster, v.verdict().name(), finite(v.throughputRatio()),
                finite(v.p99Ratio()), finite(v.throughputP()), finite(v.p99P()),
                r.gain().map(g -> OptionalDouble.of(g.expected())).orElse(OptionalDouble.empty()), v.realizedGain(),
                r.gain().isPresent() && v.verdict() != Verification.Verdict.INSUFFICIENT_DATA ? Optional.of(v.predictionMissed()) : Optional.empty(),
                v.matchedBefore(), v.matchedAfter(), now, v.reason()));
        loops.record(cluster, now, LoopDecision.Outcome.VERIFIED, "rollout " + rollout.id() + ": " + v.reason(), r.id(), null);
        log.info("cluster {}: verified recommendation {}: {}", cluster.value(), r.id(), v.reason());
        if (v.verdict() == Verification.Verdict.WORSE && properties.rollbackWhenWorse()) {
            rollBack(r, rollout.id(), v, now);
        }
    }

    private void rollBack(Recommendation r, UUID rollout, Verification v, Instant now) {
        try {
            rolloutService.rollback(rollout, TuningLoopStore.LOOP_ACTOR, "verification measured the change worse: " + v.reason());
            loops.record(r.clusterId(), now, LoopDecision.Outcome.ROLLED_BACK, "rolling back rollout " + rollout
                    + ": measured significantly worse after the change", r.id(), null);
        } catch (RuntimeException e) {
            loops.record(r.clusterId(), now, LoopDecision.Outcome.SKIPPED, "verification measured the change worse, but the "
                    + "rollback could not start: " + e.getMessage(), r.id(), null);
        }
    }

    static List<WindowMeasurement> measurements(List<ClusterWindow> windows) {
        return windows.stream().filter(w -> w.workload().isPresent() && w.opsPerSecond() > 0)
                .map(w -> new WindowMeasurement(w.workload().get(), w.opsPerSecond(), DecisionInputs.p99Millis(w))).toList();
    }

    private static OptionalDouble finite(double d) {
        return Double.isFinite(d) ? OptionalDouble.of(d) : OptionalDouble.empty();
    }
}
