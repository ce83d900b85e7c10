package dev.ctuner.harness.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.racing.RacingSettings;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Campaign options that are checked before any node starts. */
class CampaignOptionsTest {

    private static final KnobCatalog CATALOG = KnobCatalog.cassandra50();
    private static final NodeFacts FACTS = new NodeFacts(1024, 2, 1, 24_000);
    private static final List<String> KNOBS = List.of("compression.chunk_length_in_kb", "concurrent_reads");

    @TempDir
    Path root;

    @Test
    void aTunerIsGivenTheDefaultsAndTheCurrentConfigurationInThatOrder() {
        List<Map<String, String>> given = CampaignMain.given(new String[] {"race", "--given",
                "compression.chunk_length_in_kb=256;concurrent_reads=2", "--with-default"}, CATALOG, FACTS, KNOBS);

        assertThat(given).containsExactly(Map.of(),
                Map.of("compression.chunk_length_in_kb", "256", "concurrent_reads", "2"));
        assertThat(CampaignMain.given(new String[] {"race"}, CATALOG, FACTS, KNOBS)).isEmpty();
    }

    @Test
    void aGivenConfigurationMustBeValidAndInsideTheSearchedSpace() {
        assertThatThrownBy(() -> CampaignMain.given(new String[] {"--given", "key_cache_size=0MiB"}, CATALOG, FACTS, KNOBS))
                .hasMessageContaining("[key_cache_size]").hasMessageContaining("not among --knobs");
        assertThatThrownBy(() -> CampaignMain.given(new String[] {"--given", "concurrent_reads=lots"}, CATALOG, FACTS, KNOBS))
                .hasMessageContaining("invalid configuration");
        assertThatThrownBy(() -> CampaignMain.given(new String[] {"--given", "concurrent_reads=2", "--given",
                "concurrent_reads=2"}, CATALOG, FACTS, KNOBS)).hasMessageContaining("given twice");
    }

    @Test
    void racingSettingsDepartFromIraceOnlyWhereAsked() {
        RacingSettings irace = RacingSettings.irace(100, 8);

        RacingSettings small = CampaignMain.settings(new String[] {"race", "--first-test", "3", "--iterations", "3",
                "--min-survivors", "2"}).apply(irace);

        assertThat(CampaignMain.settings(new String[] {"race"}).apply(irace)).isEqualTo(irace);
        assertThat(small).isEqualTo(new RacingSettings(100, 3, 1, 0.95, 3, 2));
        assertThat(irace.iterations()).isEqualTo(5);
    }

    @Test
    void badOptionsFailWhenTheJobIsBuiltBeforeAnyNodeStarts() {
        // root holds no calibrated setup and no node runs: each fails on its option, not on what would come later
        assertThatThrownBy(() -> CampaignMain.job("compare", new String[] {"compare", "--name", "x", "--arm", "default=",
                "--arm", "b=compression.class=FastestCompressor"}, CATALOG, FACTS, root, 1))
                .hasMessageContaining("invalid configuration");
        assertThatThrownBy(() -> CampaignMain.job("race", new String[] {"race", "--name", "x", "--knobs", "concurrent_reads",
                "--given", "key_cache_size=0MiB"}, CATALOG, FACTS, root, 1)).hasMessageContaining("not among --knobs");
        assertThatThrownBy(() -> CampaignMain.job("validate", new String[] {"validate", "--name", "x", "--b",
                "concurrent_reads=2", "--distribution", "gaussian"}, CATALOG, FACTS, root, 1)).hasMessageContaining("gaussian");
        assertThatThrownBy(() -> CampaignMain.job("random", new String[] {"random", "--name", "Bad Name", "--knobs", "x"},
                CATALOG, FACTS, root, 1)).hasMessageContaining("--name");
        assertThatThrownBy(() -> CampaignMain.job("vet", new String[] {"vet", "--name", "x", "--current", "concurrent_reads=8"},
                CATALOG, FACTS, root, 1)).hasMessageContaining("at least one --candidate");
        assertThatThrownBy(() -> CampaignMain.job("vet", new String[] {"vet", "--name", "x", "--candidate", "concurrent_reads=32"},
                CATALOG, FACTS, root, 1)).hasMessageContaining("are the same configuration");
        assertThatThrownBy(() -> CampaignMain.job("race", new String[] {"race", "--name", "x", "--knobs", "concurrent_reads",
                "--budget", "many"}, CATALOG, FACTS, root, 1)).hasMessage("--budget takes a whole number, got 'many'");
        assertThatThrownBy(() -> CampaignMain.job("compare", new String[] {"compare", "--name", "x", "--arm", "default=",
                "--arm", "b=concurrent_reads=8", "--rounds", "1"}, CATALOG, FACTS, root, 1))
                .hasMessage("--rounds must be at least 2, got 1");
        assertThatThrownBy(() -> CampaignMain.job("training", new String[] {"training", "--knobs", "concurrent_reads",
                "--max-attempts", "0"}, CATALOG, FACTS, root, 1)).hasMessage("--max-attempts must be at least 1, got 0");
        assertThatThrownBy(() -> CampaignMain.job("training", new String[] {"training", "--knobs", "concurrent_reads",
                "--stop-after", "-5"}, CATALOG, FACTS, root, 1)).hasMessage("--stop-after must be at least 0, got -5");
    }

    @Test
    void aMisspeltOptionAMissingValueOrAStrayWordIsRefusedNotIgnored() {
        assertThatThrownBy(() -> CampaignMain.requireKnownOptions(new String[] {"training", "--knobs", "concurrent_reads",
                "--stop-afer", "90"})).hasMessage("unknown option --stop-afer (scripts/campaign.sh without arguments lists "
                + "the options)");
        assertThatThrownBy(() -> CampaignMain.requireKnownOptions(new String[] {"validate", "--name", "x", "--b"}))
                .hasMessage("--b needs a value");
        assertThatThrownBy(() -> CampaignMain.requireKnownOptions(new String[] {"validate", "--name", "x", "0.9"}))
                .hasMessage("unexpected argument '0.9': options come as --name value");
        assertThatThrownBy(() -> CampaignMain.requireKnownOptions(new String[] {"race", "--read=0.9"}))
                .hasMessageContaining("unknown option --read=0.9");
    }

    @Test
    void theCommandLinesOfTheReadmeAreAccepted() {
        CampaignMain.requireKnownOptions(new String[] {"training", "--knobs", "a,b", "--report-only"});
        CampaignMain.requireKnownOptions(new String[] {"peers", "--name", "rh-trap", "--random", "rh", "--knobs", "a,b",
                "--read", "0.95", "--trap", "concurrent_reads=2", "--stop-after", "100"});
        CampaignMain.requireKnownOptions(new String[] {"random", "--name", "rh", "--knobs", "a", "--budget", "100",
                "--with-default", "--given", "concurrent_reads=2", "--per-configuration", "1", "--seed", "-3"});
        CampaignMain.requireKnownOptions(new String[] {"compare", "--name", "x", "--arm", "default=", "--arm", "b=k=v",
                "--source", "b=random-rh:50", "--limit", "b", "--rounds", "7", "--scan", "0.95", "--insert", "0.05",
                "--operations", "20000", "--rows", "100000", "--distribution", "uniform"});
    }
}
