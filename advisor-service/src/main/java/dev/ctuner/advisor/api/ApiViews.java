package dev.ctuner.advisor.api;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * JSON bodies the API returns.
 *
 * <pre>
 * GET /api/v1/recommendations/{id}
 * {"id": "...", "state": "VETTED", "allowedMoves": ["APPROVED", "REJECTED", "SUPERSEDED"], "audit": [...]}
 * </pre>
 */
public final class ApiViews {

    private ApiViews() {
    }

    public record AuditView(String from, String to, String actor, Instant at, String reason) {
        static <S extends Enum<S>> AuditView of(AuditEntry<S> e) {
            return new AuditView(e.from().map(Enum::name).orElse(null), e.to().name(), e.actor(), e.at(), e.reason());
        }
    }

    public record RecommendationView(UUID id, String clusterId, RecommendationState state, String origin,
                                     Map<String, String> settings, String comment, String costTier, GainEstimate gain,
                                     Instant createdAt, Instant updatedAt, long version,
                                     List<RecommendationState> allowedMoves, List<AuditView> audit, List<String> tables) {
        static RecommendationView of(Recommendation r, List<AuditEntry<RecommendationState>> audit) {
            return new RecommendationView(r.id(), r.clusterId().value(), r.state(), r.origin().name(),
                    new TreeMap<>(r.settings()), r.note(), r.costTier().name(), r.gain().orElse(null), r.createdAt(),
                    r.updatedAt(), r.version(), List.copyOf(RecommendationState.TABLE.allowedFrom(r.state())),
                    audit == null ? null : audit.stream().map(AuditView::of).toList(), r.tables());
        }
    }

    public record NodeStepView(String nodeId, boolean canary, NodeStepStatus status, Instant startedAt,
                               Instant finishedAt, Instant updatedAt, String message) {
        static NodeStepView of(NodeStep s) {
            return new NodeStepView(s.nodeId().value(), s.canary(), s.status(), s.startedAt().orElse(null),
                    s.finishedAt().orElse(null), s.updatedAt(), s.message().orElse(null));
        }
    }

    public record RoundView(int index, List<NodeStepView> nodes) {
    }

    public record RolloutView(UUID id, UUID recommendationId, RolloutState state, int currentRound, int totalRounds,
                              String method, boolean aggressive, Instant createdAt, Instant updatedAt, long version,
                              List<RolloutState> allowedMoves, List<RoundView> rounds, List<AuditView> audit) {
        static RolloutView of(Rollout r, List<AuditEntry<RolloutState>> audit) {
            List<RoundView> rounds = new ArrayList<>();
            for (int i = 0; i < r.totalRounds(); i++) {
                int index = i;
                rounds.add(new RoundView(i, r.steps().stream().filter(s -> s.round() == index).map(NodeStepView::of).toList()));
            }
            return new RolloutView(r.id(), r.recommendationId(), r.state(), r.currentRound(), r.totalRounds(),
                    r.method().name(), r.aggressive(), r.createdAt(), r.updatedAt(), r.version(),
                    List.copyOf(RolloutState.TABLE.allowedFrom(r.state())), rounds,
                    audit.stream().map(AuditView::of).toList());
        }
    }
}
