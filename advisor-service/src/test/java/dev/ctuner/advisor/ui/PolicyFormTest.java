package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import dev.ctuner.advisor.tuning.PolicyInput;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The policy form's parsing (every error by field), the shared REST parsing, and the policy in words. */
class PolicyFormTest {

    @Test
    void aFormFilledWithAPolicyParsesBackToTheSamePolicy() {
        ApprovalPolicy p = new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE, ApplyMode.RESTART), 0.07, -0.01, false, 3,
                Optional.of(new MaintenanceWindow(Set.of(DayOfWeek.MONDAY), LocalTime.of(1, 30), LocalTime.of(3, 0), ZoneId.of("Asia/Tokyo"))));
        PolicyForm f = PolicyForm.of(p);
        PolicyForm commented = new PolicyForm(f.mode(), f.tiers(), f.minPredictedGain(), f.minLowerBound(), f.insideDataRegionOnly(),
                f.maxChangesPerDay(), f.window(), f.windowDays(), f.windowStart(), f.windowEnd(), f.windowZone(), "same again");
        assertThat(commented.parse().policy()).contains(p);
        assertThat(f.parse().errors()).containsOnlyKeys(PolicyForm.COMMENT);   // a comment is still required
    }

    @Test
    void everyWrongFieldIsReportedAtOnceUnderItsOwnKey() {
        PolicyForm f = new PolicyForm("SOMETIMES", List.of("BOOTSTRAP"), "x", "0.5", null, "25", true, List.of("FUNDAY"), "9", "10:00",
                "Mars/Olympus", "");
        assertThat(f.parse().policy()).isEmpty();
        assertThat(f.parse().errors()).containsOnlyKeys(PolicyForm.MODE, PolicyInput.TIERS, PolicyInput.GAIN, PolicyInput.PER_DAY,
                PolicyInput.DAYS, PolicyInput.TIMES, PolicyInput.ZONE, PolicyForm.COMMENT);
        // the lower bound is not blamed for a gain that is not a number
        assertThat(f.parse().errors().get(PolicyInput.GAIN)).contains("must be a number", "'x'");
        assertThat(f.parse().errors().get(PolicyInput.PER_DAY)).contains("within [1, 24], was 25");
    }

    @Test
    void theRestBodyIsRefusedWithEveryProblemInOneMessage() {
        PolicyInput input = new PolicyInput(ApprovalMode.AUTO, Set.of(), 0.01, 0.02, null, 0,
                Optional.of(new PolicyInput.Window(Set.of(DayOfWeek.SUNDAY), "22:00", "22:00", "")));
        assertThatThrownBy(input::require).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("allowedTiers must name at least one")
                .hasMessageContaining("minLowerBound (0.02) must not exceed minPredictedGain (0.01)")
                .hasMessageContaining("maxChangesPerDay must be within [1, 24], was 0")
                .hasMessageContaining("start and end must differ");
        assertThat(new PolicyInput(ApprovalMode.MANUAL, null, null, null, null, null, Optional.empty()).require())
                .isEqualTo(ApprovalPolicy.manual());
    }

    @Test
    void thePolicyInWordsNamesEveryCondition() {
        assertThat(PolicyWords.of(ApprovalPolicy.manual())).startsWith("Manual: an operator approves every proposal");
        String auto = PolicyWords.of(new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), 0.05, 0.0, false, 1, Optional.empty()));
        assertThat(auto).contains("its cost tier is LIVE", "at least +5.0 %", "at least +0.0 %", "at most the first proposal")
                .doesNotContain("region of data", "maintenance window");
    }
}
