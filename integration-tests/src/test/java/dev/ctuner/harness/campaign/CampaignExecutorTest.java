package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CampaignExecutorTest {

    private static Map<String, String> row(String campaign, String point, int repetition, String quality) {
        return Map.of("campaign", campaign, "design_point", point, "repetition", Integer.toString(repetition),
                "quality", quality, "quality_notes", "");
    }

    @Test
    void everyAnchorIsANewRepetitionEvenAfterAnInterruptedOne() {
        assertThat(CampaignExecutor.nextAnchorRepetition(List.of(), "screening")).isZero();
        List<Map<String, String>> two = List.of(row("screening", "anchor", 0, "OK"), row("screening", "p1", 4, "OK"),
                row("screening", "anchor", 1, "OK"), row("training", "anchor", 7, "OK"));
        assertThat(CampaignExecutor.nextAnchorRepetition(two, "screening")).isEqualTo(2);
        List<Map<String, String>> interrupted = List.of(row("screening", "anchor", 0, "OK"),
                row("screening", "anchor", 1, "NOISY"));
        assertThat(CampaignExecutor.nextAnchorRepetition(interrupted, "screening")).isEqualTo(2);
    }

    @Test
    void aPointIsFinishedByOneOkRunOrItsAttemptsOrRepeatedFaults() {
        assertThat(CampaignExecutor.finished(List.of(row("c", "p", 0, "NOISY")), 3)).isFalse();
        assertThat(CampaignExecutor.finished(List.of(row("c", "p", 0, "NOISY"), row("c", "p", 0, "OK")), 3)).isTrue();
        assertThat(CampaignExecutor.finished(List.of(row("c", "p", 0, "NOISY"), row("c", "p", 0, "NOISY"),
                row("c", "p", 0, "NOISY")), 3)).isTrue();
        assertThat(CampaignExecutor.finished(List.of(row("c", "p", 0, "FAULTED"), row("c", "p", 0, "FAULTED")), 8)).isTrue();
    }
}
