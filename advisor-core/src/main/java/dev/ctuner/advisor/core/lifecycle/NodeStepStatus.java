package dev.ctuner.advisor.core.lifecycle;

/**
 * Where one node stands within a rollout (EUNOMIA section 5.6 per-node steps: drain, stop,
 * rewrite config, restart, sync). Allowed moves, {@link #TABLE}:
 *
 * <pre>
 * PENDING  → APPLYING | SKIPPED
 * APPLYING → APPLIED | FAILED
 * APPLIED  → VERIFIED | FAILED | ROLLED_BACK
 * VERIFIED → ROLLED_BACK
 * FAILED   → ROLLED_BACK
 * SKIPPED, ROLLED_BACK: final
 * </pre>
 */
public enum NodeStepStatus {
    PENDING, APPLYING, APPLIED, VERIFIED, FAILED, ROLLED_BACK, SKIPPED;

    public static final TransitionTable<NodeStepStatus> TABLE = TransitionTable.builder(NodeStepStatus.class)
            .allow(PENDING, APPLYING, SKIPPED)
            .allow(APPLYING, APPLIED, FAILED)
            .allow(APPLIED, VERIFIED, FAILED, ROLLED_BACK)
            .allow(VERIFIED, ROLLED_BACK)
            .allow(FAILED, ROLLED_BACK)
            .build();
}
