package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The peer campaign's sub-campaigns, its arms (identical picks merged) and its comparison options. */
class PeerCampaignTest {

    private static final KnobCatalog CATALOG = KnobCatalog.cassandra50();
    private static final NodeFacts FACTS = new NodeFacts(1024, 2, 1, 24_000);
    private static final Path ROOT = Path.of("/repo");
    private static final String KNOBS = "compression.chunk_length_in_kb,concurrent_reads";

    @Test
    void fromTheDefaultTheRaceIsGivenTheDefaultAndEveryStepGetsTheWorkload() {
        PeerCampaign p = PeerCampaign.of(new String[] {"peers", "--name", "rh", "--knobs", KNOBS, "--read", "0.95",
                "--seed", "3"}, CATALOG, FACTS, ROOT);

        assertThat(p.randomArgs()).containsExactly("random", "--name", "rh", "--knobs", KNOBS, "--budget", "100",
                "--per-configuration", "1", "--read", "0.95", "--seed", "3");
        assertThat(p.raceArgs()).containsSequence("race", "--name", "rh").contains("--with-default", "--first-test")
                .containsSequence("--read", "0.95").doesNotContain("--given");
        assertThat(p.surrogateArgs(50)).containsExactly("/repo/docs/data/random-rh.csv", "--first", "50", "--seed", "3");
    }

    @Test
    void fromATrapTheRaceIsGivenTheTrapTheSurrogateStartsThereAndTheRandomRunsCanBeAnotherScenarios() {
        PeerCampaign p = PeerCampaign.of(new String[] {"peers", "--name", "rh-trap", "--random", "rh", "--knobs", KNOBS,
                "--trap", "concurrent_reads=2;compression.chunk_length_in_kb=256"}, CATALOG, FACTS, ROOT);

        assertThat(p.randomArgs()).containsSequence("--name", "rh");
        assertThat(p.raceArgs()).containsSequence("--name", "rh-trap")
                .containsSequence("--given", "compression.chunk_length_in_kb=256;concurrent_reads=2")
                .doesNotContain("--with-default");
        assertThat(p.surrogateArgs(100)).containsExactly("/repo/docs/data/random-rh.csv", "--first", "100", "--current",
                "compression.chunk_length_in_kb=256;concurrent_reads=2");
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns() {
        assertThatThrownBy(() -> PeerCampaign.of(new String[] {"peers", "--name", "rh"}, CATALOG, FACTS, ROOT))
                .hasMessageContaining("--knobs");
        assertThatThrownBy(() -> PeerCampaign.of(new String[] {"peers", "--name", "rh", "--knobs", KNOBS, "--trap",
                "key_cache_size=0MiB"}, CATALOG, FACTS, ROOT)).hasMessageContaining("not among --knobs");
        assertThatThrownBy(() -> PeerCampaign.of(new String[] {"peers", "--name", "rh", "--knobs", KNOBS, "--trap", ""},
                CATALOG, FACTS, ROOT)).hasMessageContaining("sets no knob");
        assertThatThrownBy(() -> PeerCampaign.of(new String[] {"peers", "--name", "RH", "--knobs", KNOBS}, CATALOG, FACTS,
                ROOT)).hasMessageContaining("--name");
        assertThatThrownBy(() -> PeerCampaign.of(new String[] {"peers", "--name", "rh", "--knobs", KNOBS, "--read", "2"},
                CATALOG, FACTS, ROOT)).hasMessageContaining("[0, 1]");
    }

    @Test
    void picksWithTheSameEffectiveConfigurationAreOneArmNamedForAllOfThem() {
        PeerCampaign p = PeerCampaign.of(new String[] {"peers", "--name", "rh", "--knobs", KNOBS, "--read", "0.95",
                "--anchor-every", "4", "--stop-after", "90"}, CATALOG, FACTS, ROOT);
        Map<String, String> best = Map.of("compression.chunk_length_in_kb", "4", "concurrent_reads", "64");

        List<PeerCampaign.Arm> arms = p.arms(List.of(
                pick("limit", best, "random-rh"),
                pick("random-50", best, "random-rh:50"),
                pick("race", Map.of("concurrent_reads", "32"), "race-rh"),   // the default's effective value: the default
                pick("surrogate", Map.of("compression.chunk_length_in_kb", "8"), "random-rh:100")));

        assertThat(arms).extracting(PeerCampaign.Arm::label).containsExactly("default-race", "limit-random-50", "surrogate");
        String[] compare = p.compareArgs(arms);
        assertThat(compare).containsSequence("compare", "--name", "rh-peers", "--rounds", "7")
                .containsSequence("--arm", "default-race=")
                .containsSequence("--arm", "limit-random-50=compression.chunk_length_in_kb=4;concurrent_reads=64")
                .containsSequence("--source", "limit-random-50/limit=random-rh")
                .containsSequence("--source", "limit-random-50/random-50=random-rh:50")
                .containsSequence("--source", "default-race/race=race-rh")
                .containsSequence("--source", "surrogate=random-rh:100")
                .containsSequence("--limit", "limit-random-50")
                .containsSequence("--read", "0.95")
                .doesNotContain("--trap", "--anchor-every");
        assertThat(p.randomArgs()).containsSequence("--anchor-every", "4").containsSequence("--stop-after", "90");
        assertThat(p.raceArgs()).containsSequence("--stop-after", "90");
        assertThat(compare).containsSequence("--stop-after", "90");
        // how long a sitting may run is no part of the command that regenerates a report
        assertThat(ComparisonReport.quoted(compare)).doesNotContain("--stop-after", "90")
                .contains("'limit-random-50=compression.chunk_length_in_kb=4;concurrent_reads=64'");
        // the comparison accepts the arms it is given
        assertThat(CampaignMain.arms(compare)).containsOnlyKeys("default-race", "limit-random-50", "surrogate");
    }

    @Test
    void theTrapIsAnArmOfItsOwnAndNamedToTheComparison() {
        PeerCampaign p = PeerCampaign.of(new String[] {"peers", "--name", "rh-trap", "--random", "rh", "--knobs", KNOBS,
                "--trap", "concurrent_reads=2"}, CATALOG, FACTS, ROOT);

        List<PeerCampaign.Arm> arms = p.arms(List.of(pick("limit", Map.of("concurrent_reads", "64"), "random-rh"),
                pick("race", Map.of("concurrent_reads", "2"), "race-rh-trap")));

        assertThat(arms).extracting(PeerCampaign.Arm::label).containsExactly("default", "trap-race", "limit");
        assertThat(p.compareArgs(arms)).containsSequence("--trap", "trap-race").containsSequence("--limit", "limit")
                .containsSequence("--source", "trap-race/race=race-rh-trap").containsSequence("--name", "rh-trap-peers");
        // a limit that came to the trap's configuration is the trap: no gain to share, and one label per role
        List<PeerCampaign.Arm> worst = p.arms(List.of(pick("limit", Map.of("concurrent_reads", "2"), "random-rh")));
        assertThat(worst).extracting(PeerCampaign.Arm::label).containsExactly("default", "trap-limit");
        assertThat(p.compareArgs(worst)).containsSequence("--trap", "trap-limit").doesNotContain("--limit");
        // a limit that came to the default's configuration is still named, so that its share reads n/a
        List<PeerCampaign.Arm> none = p.arms(List.of(pick("limit", Map.of("concurrent_reads", "32"), "random-rh")));
        assertThat(none).extracting(PeerCampaign.Arm::label).containsExactly("default-limit", "trap");
        assertThat(p.compareArgs(none)).containsSequence("--limit", "default-limit").containsSequence("--trap", "trap");
    }

    private static Map.Entry<String, PeerCampaign.Arm> pick(String label, Map<String, String> configuration, String source) {
        return Map.entry(label, new PeerCampaign.Arm(List.of(label), configuration, List.of(source)));
    }
}
