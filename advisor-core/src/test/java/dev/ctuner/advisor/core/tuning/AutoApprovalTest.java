package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AutoApprovalTest {

    private static final Instant SATURDAY_2300 = Instant.parse("2026-12-05T23:00:00Z");
    private static final ProposalFacts GOOD = new ProposalFacts(ApplyMode.LIVE, new GainEstimate(0.10, 0.04, 0.16), false);

    private static ApprovalPolicy auto() {
        return new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), 0.05, 0.0, true, 2, Optional.empty());
    }

    @Test
    void manualPolicyAlwaysLeavesItToAnOperator() {
        ApprovalDecision d = AutoApproval.evaluate(ApprovalPolicy.manual(), GOOD, SATURDAY_2300, 0);
        assertThat(d).isEqualTo(new ApprovalDecision.NeedsOperator(java.util.List.of("approval policy is manual")));
    }

    @Test
    void autoApprovesAProposalWithinEveryLimit() {
        ApprovalDecision d = AutoApproval.evaluate(auto(), GOOD, SATURDAY_2300, 1);
        assertThat(d).isInstanceOf(ApprovalDecision.Approve.class);
        assertThat(((ApprovalDecision.Approve) d).reason()).contains("LIVE", "+10.0 %");
    }

    @Test
    void everyFailedLimitIsNamed() {
        ProposalFacts bad = new ProposalFacts(ApplyMode.RESTART, new GainEstimate(0.03, -0.02, 0.08), true);
        ApprovalDecision d = AutoApproval.evaluate(auto(), bad, SATURDAY_2300, 2);
        assertThat(d).isInstanceOf(ApprovalDecision.NeedsOperator.class);
        assertThat(((ApprovalDecision.NeedsOperator) d).reasons()).hasSize(5)
                .anySatisfy(r -> assertThat(r).contains("RESTART"))
                .anySatisfy(r -> assertThat(r).contains("predicted gain +3.0 %"))
                .anySatisfy(r -> assertThat(r).contains("lower bound"))
                .anySatisfy(r -> assertThat(r).contains("outside the data"))
                .anySatisfy(r -> assertThat(r).contains("2 automatic approvals"));
    }

    @Test
    void aMaintenanceWindowAcrossMidnightBelongsToTheDayItStarts() {
        MaintenanceWindow w = new MaintenanceWindow(Set.of(DayOfWeek.SATURDAY), LocalTime.of(22, 0), LocalTime.of(4, 0), ZoneOffset.UTC);
        assertThat(w.contains(SATURDAY_2300)).isTrue();
        assertThat(w.contains(Instant.parse("2026-12-06T03:59:00Z"))).isTrue();   // Sunday morning, Saturday's window
        assertThat(w.contains(Instant.parse("2026-12-06T04:00:00Z"))).isFalse();
        assertThat(w.contains(Instant.parse("2026-12-06T23:00:00Z"))).isFalse();  // Sunday evening
        assertThat(w.contains(Instant.parse("2026-12-05T21:59:00Z"))).isFalse();
        ApprovalPolicy inWindow = new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), 0.05, 0.0, true, 2, Optional.of(w));
        assertThat(AutoApproval.evaluate(inWindow, GOOD, SATURDAY_2300, 0)).isInstanceOf(ApprovalDecision.Approve.class);
        assertThat(AutoApproval.evaluate(inWindow, GOOD, Instant.parse("2026-12-06T12:00:00Z"), 0))
                .isEqualTo(new ApprovalDecision.NeedsOperator(java.util.List.of("outside the maintenance window " + w)));
    }

    @Test
    void aWindowWithinOneDayHasNoMidnightPart() {
        MaintenanceWindow w = new MaintenanceWindow(Set.of(DayOfWeek.MONDAY), LocalTime.of(1, 0), LocalTime.of(3, 0), ZoneOffset.ofHours(2));
        assertThat(w.contains(Instant.parse("2026-12-06T23:30:00Z"))).isTrue();   // Monday 01:30 at +02:00
        assertThat(w.contains(Instant.parse("2026-12-07T01:00:00Z"))).isFalse();  // Monday 03:00 at +02:00
    }

    @Test
    void outOfRangeLimitsAreAllReported() {
        assertThat(ApprovalPolicy.violations(Set.of(ApplyMode.BOOTSTRAP), 1.5, 2, 0)).hasSize(4);
        assertThat(ApprovalPolicy.violations(Set.of(), 0.05, 0.1, 1))
                .containsExactly("allowedTiers must name at least one of LIVE, SCHEMA, RESTART",
                        "minLowerBound (0.1) must not exceed minPredictedGain (0.05)");
        assertThat(ApprovalPolicy.violations(Set.of(ApplyMode.LIVE, ApplyMode.RESTART), 0.05, -0.02, 3)).isEmpty();
        assertThatThrownBy(() -> new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), Double.NaN, 0, true, 1, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minPredictedGain");
        assertThatThrownBy(() -> new MaintenanceWindow(Set.of(), LocalTime.NOON, LocalTime.MIDNIGHT, ZoneOffset.UTC))
                .hasMessageContaining("at least one day");
    }
}
