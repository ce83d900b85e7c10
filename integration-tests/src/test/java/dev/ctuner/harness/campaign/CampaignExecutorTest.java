package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

    @Test
    void aSittingEndsOnlyBeforeABlockAndKeepsRoomForItsUnfinishedRuns() {
        boolean[] none = new boolean[6];
        // single points: room for the next run before every run
        for (int i = 0; i < 6; i++) {
            assertThat(CampaignExecutor.runsAhead(none, i, 1)).isEqualTo(1);
        }
        // rounds of 3: before a round, room for all of it; inside it, no end
        assertThat(CampaignExecutor.runsAhead(none, 0, 3)).isEqualTo(3);
        assertThat(CampaignExecutor.runsAhead(none, 1, 3)).isZero();
        assertThat(CampaignExecutor.runsAhead(none, 2, 3)).isZero();
        assertThat(CampaignExecutor.runsAhead(none, 3, 3)).isEqualTo(3);
        // resumed in the middle of a round (a sitting killed inside it): the rest of that round is one unit
        boolean[] killedInRound = {true, true, true, true, false, false};
        assertThat(CampaignExecutor.runsAhead(killedInRound, 4, 3)).isEqualTo(2);
        assertThat(CampaignExecutor.runsAhead(killedInRound, 5, 3)).isZero();
        // a run finished out of order (the middle of a round) is not counted
        boolean[] gap = {false, true, false};
        assertThat(CampaignExecutor.runsAhead(gap, 0, 3)).isEqualTo(2);
        assertThat(CampaignExecutor.runsAhead(gap, 2, 3)).isZero();
        // a short last block
        assertThat(CampaignExecutor.runsAhead(new boolean[5], 3, 3)).isEqualTo(2);
    }

    @Test
    void theNextRunIsGuessedFromTheCampaignsRecordedRunsBeforeOneIsMeasured() {
        List<Map<String, String>> rows = List.of(
                Map.of("campaign", "compare-rh-peers", "wall_seconds", "113.4"),
                Map.of("campaign", "compare-rh-peers", "wall_seconds", "211.6"),
                Map.of("campaign", "compare-rh-peers", "wall_seconds", "150.0"),
                Map.of("campaign", "race-rh", "wall_seconds", "330.0"));
        assertThat(CampaignExecutor.longestRecorded(rows, "compare-rh-peers")).contains(Duration.ofMillis(211_600));
        // another campaign's runs, in the same file, say nothing about this one
        assertThat(CampaignExecutor.longestRecorded(rows, "compare-wh-peers")).isEmpty();
        assertThat(CampaignExecutor.longestRecorded(List.of(), "compare-rh-peers")).isEmpty();
        // a 5-arm round with its re-run and closing anchor (7 runs) now fits a 36-minute sitting, which the
        // 6-minute guess (42 minutes) did not
        Instant now = Instant.parse("2026-11-27T14:37:00Z");
        Sitting s = new Sitting(Optional.of(now.plus(Duration.ofMinutes(36))), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(7, CampaignExecutor.longestRecorded(rows, "compare-rh-peers").orElseThrow(), now)).isEmpty();
        assertThat(s.endBefore(7, CampaignExecutor.FIRST_BLOCK_RUN_GUESS, now)).isPresent();
    }
}
