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
        Optional<Duration> longest = CampaignExecutor.longestRecorded(rows, "compare-rh-peers", Map.of(), Optional.empty());
        assertThat(longest).contains(Duration.ofMillis(211_600));
        // another campaign's runs, in the same file, say nothing about this one
        assertThat(CampaignExecutor.longestRecorded(rows, "compare-wh-peers", Map.of(), Optional.empty())).isEmpty();
        assertThat(CampaignExecutor.longestRecorded(List.of(), "compare-rh-peers", Map.of(), Optional.empty())).isEmpty();
        // a 5-arm round with its re-run and closing anchor (7 runs) now fits a 36-minute sitting, which the
        // 6-minute guess (42 minutes) did not
        Instant now = Instant.parse("2026-11-27T14:37:00Z");
        Sitting s = new Sitting(Optional.of(now.plus(Duration.ofMinutes(36))), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(7, longest.orElseThrow(), now)).isEmpty();
        assertThat(s.endBefore(7, CampaignExecutor.FIRST_BLOCK_RUN_GUESS, now)).isPresent();
    }

    @Test
    void anchorRunsAndDesignPointRunsAreTimedApart() {
        // dataset-v2 on a slow machine: a Deflate configuration took 579 s, the default's anchors 167-197 s
        List<Map<String, String>> rows = List.of(
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "167.2"),
                Map.of("campaign", "dataset-v2", "design_point", "g09@rr0.8", "wall_seconds", "579.4"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "197.0"),
                Map.of("campaign", "dataset-v2", "design_point", "c04@rr0.6", "wall_seconds", "180.0"));
        Map<String, Duration> anchorOn = CampaignExecutor.longestAnchorPerMachine(rows, "dataset-v2");
        assertThat(anchorOn).containsExactly(Map.entry("", Duration.ofMillis(197_000)));
        assertThat(CampaignExecutor.longestRecorded(rows, "dataset-v2", anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(579_400));
        assertThat(CampaignExecutor.longestAnchorPerMachine(rows.subList(1, 2), "dataset-v2")).isEmpty();
    }

    @Test
    void theFilesLongestRunIsTakenAtThisMachinesPace() {
        // dataset-v2: its longest run, g09@rr0.8 (589 s), on a machine whose longest anchor took 252 s; the longest
        // on sitting 8's machine (anchors up to 104 s), c02@rr0.5, took 275 s
        List<Map<String, String>> rows = List.of(
                Map.of("campaign", "dataset-v2", "design_point", "g09@rr0.8", "wall_seconds", "588.544", "machine", "boot-slow"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "252.045", "machine", "boot-slow"),
                Map.of("campaign", "dataset-v2", "design_point", "c02@rr0.5", "wall_seconds", "274.916", "machine", "boot-fast"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "103.745", "machine", "boot-fast"));
        Map<String, Duration> anchorOn = CampaignExecutor.longestAnchorPerMachine(rows, "dataset-v2");
        // pace unknown here: the runs as they were recorded
        assertThat(CampaignExecutor.longestRecorded(rows, "dataset-v2", anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(588_544));
        // at the fast machine's pace g09 counts 588.5 x 103.7 / 252.0 = 242.2 s, below c02's own 274.9 s
        assertThat(CampaignExecutor.longestRecorded(rows, "dataset-v2", anchorOn, Optional.of(Duration.ofMillis(103_745))))
                .contains(Duration.ofMillis(274_916));
        // at the slow machine's pace c02 counts 274.9 x 252.0 / 103.7 = 667.9 s, above g09's own 588.5 s
        assertThat(CampaignExecutor.longestRecorded(rows, "dataset-v2", anchorOn, Optional.of(Duration.ofMillis(252_045))))
                .contains(Duration.ofMillis(Math.round(274_916 * (252_045 / 103_745.0))));
        // a sitting's first block (3 runs and room for one again) checked before its opening anchor, with that anchor
        // and the closing one, at the file's runs as recorded: 47.6 min; checked after the opening anchor (104 s) at
        // the fast machine's pace, with the closing anchor: 20.1 min more. A 30-minute sitting can start it
        Instant start = Instant.parse("2026-11-30T22:09:00Z");
        Sitting s = new Sitting(Optional.of(start.plus(Duration.ofMinutes(30))), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(4, Duration.ofMillis(588_544), 2, Duration.ofMillis(252_045), start)).isPresent();
        assertThat(s.endBefore(4, Duration.ofMillis(274_916), 1, Duration.ofMillis(103_745), start.plusSeconds(104))).isEmpty();
    }

    @Test
    void aConfigurationsRecordedRunsBoundItsNextRunsAtEveryReadRatio() {
        // dataset-v2: g01 (Deflate, 256 KiB chunks) took 153 s write-only but 541 s at read 0.7
        List<Map<String, String>> rows = List.of(
                Map.of("campaign", "dataset-v2", "design_point", "g01@rr0.0", "wall_seconds", "153.3",
                        "knob.compression.class", "DeflateCompressor", "knob.compression.chunk_length_in_kb", "256"),
                Map.of("campaign", "dataset-v2", "design_point", "g01@rr0.7", "wall_seconds", "540.8",
                        "knob.compression.class", "DeflateCompressor", "knob.compression.chunk_length_in_kb", "256"),
                Map.of("campaign", "dataset-v2", "design_point", "c01@rr0.0", "wall_seconds", "213.9",
                        "knob.compression.class", "ZstdCompressor", "knob.compression.chunk_length_in_kb", "16"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "601.0",
                        "knob.compression.class", "DeflateCompressor", "knob.compression.chunk_length_in_kb", "256"),
                Map.of("campaign", "dataset-v1", "design_point", "g01@rr0.9", "wall_seconds", "700.0",
                        "knob.compression.class", "DeflateCompressor", "knob.compression.chunk_length_in_kb", "256"));
        Map<String, String> g01 = Map.of("compression.class", "DeflateCompressor", "compression.chunk_length_in_kb", "256");
        Map<String, Duration> anchorOn = CampaignExecutor.longestAnchorPerMachine(rows, "dataset-v2");
        assertThat(anchorOn).containsExactly(Map.entry("", Duration.ofMillis(601_000)));
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2", g01, anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(540_800));
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2",
                Map.of("compression.class", "ZstdCompressor", "compression.chunk_length_in_kb", "16"), anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(213_900));
        // one knob differs: another configuration, not measured yet
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2",
                Map.of("compression.class", "DeflateCompressor", "compression.chunk_length_in_kb", "16"), anchorOn, Optional.empty()))
                .isEmpty();
        // a campaign without knob columns (calibration): every design-point run is of its one configuration
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2", Map.of(), anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(540_800));
        // after a quick first block (longest 214 s) three runs of g01 and a re-run fit 35 minutes; at g01's
        // recorded 541 s (39.7 min) they do not
        Instant now = Instant.parse("2026-11-30T15:51:00Z");
        Sitting s = new Sitting(Optional.of(now.plus(Duration.ofMinutes(35))), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(4, Duration.ofMillis(213_900), 1, Duration.ofSeconds(220), now)).isEmpty();
        assertThat(s.endBefore(4, Duration.ofMillis(540_800), 1, Duration.ofSeconds(220), now)).isPresent();
    }

    @Test
    void aConfigurationsRecordedRunsAreTakenAtThisMachinesPace() {
        // dataset-v2: g02 took 345 s at read 0.6 on a machine whose longest anchor took 169 s; on the machine of
        // sitting 8 (longest anchor 104 s) its runs at read 0.8 took 156-165 s
        List<Map<String, String>> rows = List.of(
                Map.of("campaign", "dataset-v2", "design_point", "g02@rr0.6", "wall_seconds", "345.461", "machine", "boot-slow",
                        "knob.compression.class", "LZ4Compressor"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "143.597", "machine", "boot-slow"),
                Map.of("campaign", "dataset-v2", "design_point", "anchor", "wall_seconds", "169.249", "machine", "boot-slow"),
                Map.of("campaign", "dataset-v2", "design_point", "g02@rr0.8", "wall_seconds", "164.731", "machine", "boot-fast",
                        "knob.compression.class", "LZ4Compressor"),
                Map.of("campaign", "dataset-v2", "design_point", "g09@rr0.8", "wall_seconds", "150.0", "machine", "boot-other",
                        "knob.compression.class", "LZ4Compressor"),
                Map.of("campaign", "dataset-v1", "design_point", "anchor", "wall_seconds", "10.0", "machine", "boot-other"));
        Map<String, String> g02 = Map.of("compression.class", "LZ4Compressor");
        Map<String, Duration> anchorOn = CampaignExecutor.longestAnchorPerMachine(rows, "dataset-v2");
        // the slow machine's longest of its two anchors; the other machine's anchor is of another campaign
        assertThat(anchorOn).containsExactly(Map.entry("boot-slow", Duration.ofMillis(169_249)));
        // 345.461 s x 103.745 / 169.249 = 211.8 s, longer than the fast machine's own 164.7 s (no anchor of its own recorded,
        // so taken as it was) and g09's 150 s (its machine has no anchor in this campaign: another campaign's does not count)
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2", g02, anchorOn, Optional.of(Duration.ofMillis(103_745))))
                .contains(Duration.ofMillis(Math.round(345_461 * (103_745 / 169_249.0))));
        // a slower machine than the one that recorded the run: longer
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2", g02, anchorOn, Optional.of(Duration.ofMillis(338_498))))
                .contains(Duration.ofMillis(690_922));
        // this machine's pace unknown (no anchor yet): the runs as they were recorded
        assertThat(CampaignExecutor.longestOfConfiguration(rows, "dataset-v2", g02, anchorOn, Optional.empty()))
                .contains(Duration.ofMillis(345_461));
        // sitting 8 ended before g02@rr0.2 at 21:45:23 with 22:07:00 as its end: at 345 s a run, 4 runs and an anchor of
        // 103 s did not fit; at the run's pace here (212 s, below the sitting's own longest of 275 s) they do
        Instant now = Instant.parse("2026-11-30T21:45:23Z");
        Sitting s = new Sitting(Optional.of(Instant.parse("2026-11-30T22:07:00Z")), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(4, Duration.ofMillis(345_461), 1, Duration.ofSeconds(103), now)).isPresent();
        assertThat(s.endBefore(4, Duration.ofSeconds(275), 1, Duration.ofSeconds(103), now)).isEmpty();
    }

    @Test
    void aBlockKeepsRoomForTheAnchorDueBeforeItThoseDueInsideItAndTheClosingOne() {
        // an anchor every 8 measurements, a point's 3 repetitions in a row
        assertThat(CampaignExecutor.anchorsAround(3, 0, true, 8)).isEqualTo(2);   // the due one and the closing one
        assertThat(CampaignExecutor.anchorsAround(3, 5, false, 8)).isEqualTo(1);  // runs at 5, 6 and 7: none inside
        assertThat(CampaignExecutor.anchorsAround(3, 6, false, 8)).isEqualTo(2);  // the third run has one before it
        assertThat(CampaignExecutor.anchorsAround(3, 7, false, 8)).isEqualTo(2);
        assertThat(CampaignExecutor.anchorsAround(1, 7, false, 8)).isEqualTo(1);  // a single point: only the closing one
        // anchors more often than the block is long
        assertThat(CampaignExecutor.anchorsAround(5, 0, true, 2)).isEqualTo(4);   // before runs 0, 2 and 4; closing
        // 4 runs of 579 s and 2 anchors of 197 s (45.2 min) fit 46 minutes; at the runs' 579 s each, the 6 would not
        Instant now = Instant.parse("2026-11-30T14:30:00Z");
        Sitting s = new Sitting(Optional.of(now.plus(Duration.ofMinutes(46))), Path.of("no-such-dir", "campaign.stop"));
        assertThat(s.endBefore(4, Duration.ofMillis(579_400), 2, Duration.ofSeconds(197), now)).isEmpty();
        assertThat(s.endBefore(6, Duration.ofMillis(579_400), now)).isPresent();
    }
}
