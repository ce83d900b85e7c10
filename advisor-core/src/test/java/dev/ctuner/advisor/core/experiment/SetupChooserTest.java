package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SetupChooserTest {

    private final SetupChooser chooser = new SetupChooser(0.05, 0.05, 0.05);

    @Test
    void picksTheSmallestLevelThatMatchesEveryHeavierOne() {
        SetupChooser.Choice c = chooser.choose(List.of(
                new SetupChooser.Level("10K", new double[] {700, 900, 1100, 800, 1200}),   // wide and low
                new SetupChooser.Level("100K", new double[] {1000, 1010, 990, 1005, 995}),
                new SetupChooser.Level("1M", new double[] {1002, 1012, 992, 1003, 997})));
        assertThat(c.chosen().name()).isEqualTo("100K");
        assertThat(c.reasons()).singleElement().asString().startsWith("10K");
    }

    @Test
    void aShiftedLevelIsRejectedEvenWithATightSpread() {
        SetupChooser.Choice c = chooser.choose(List.of(
                new SetupChooser.Level("2", new double[] {500, 501, 502, 499, 500}),
                new SetupChooser.Level("8", new double[] {1000, 1001, 1002, 999, 1000}),
                new SetupChooser.Level("16", new double[] {1003, 1004, 1001, 998, 1002})));
        assertThat(c.chosen().name()).isEqualTo("8");
        assertThat(c.reasons().get(0)).contains("differs");
    }

    @Test
    void theHeaviestLevelIsChosenWhenNothingLighterMatches() {
        SetupChooser.Choice c = chooser.choose(List.of(
                new SetupChooser.Level("a", new double[] {1, 1, 1}),
                new SetupChooser.Level("b", new double[] {2, 2, 2})));
        assertThat(c.chosen().name()).isEqualTo("b");
    }
}
