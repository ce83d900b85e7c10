package dev.ctuner.advisor.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchArgsTest {

    static final String USAGE = "Main <data.csv> [--read R] [--first N] [--family rf|gbt]";

    @Test
    void takesTheOptionsTheUsageNames() {
        BenchArgs args = new BenchArgs(new String[] {"data.csv", "--read", "0.1", "--family", "gbt"}, USAGE);
        assertThat(args.csv()).isEqualTo("data.csv");
        assertThat(args.text("read", "x")).isEqualTo("0.1");
        assertThat(args.list("family", "rf")).containsExactly("gbt");
        assertThat(args.integer("first", 7)).isEqualTo(7);
    }

    @Test
    void aMisspeltOptionIsAnErrorNamingTheKnownOnes() {
        assertThatThrownBy(() -> new BenchArgs(new String[] {"data.csv", "--raed", "0.1"}, USAGE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown option --raed; known: --family, --first, --read; usage: Main");
    }

    @Test
    void anOptionGivenTwiceIsAnError() {
        assertThatThrownBy(() -> new BenchArgs(new String[] {"data.csv", "--read", "0.1", "--read", "0.9"}, USAGE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("option --read given twice");
    }

    @Test
    void aTableMayAcceptTheOptionsItPassesOn() {
        Map<String, String> options = BenchArgs.options(new String[] {"--jobs", "1,5", "--surrogate", "x.csv"}, 0,
                "Table [--jobs 1,5,10]", "Main [--surrogate experiments.csv]");
        assertThat(options).containsEntry("jobs", "1,5").containsEntry("surrogate", "x.csv");
        assertThatThrownBy(() -> BenchArgs.options(new String[] {"--surrogat", "x.csv"}, 0, "Table [--jobs 1,5,10]",
                "Main [--surrogate experiments.csv]")).hasMessageContaining("unknown option --surrogat; known: --jobs, --surrogate");
    }
}
