package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void alternativesAreChosenByTheirSpreadNotByTheirMean() {
        // Shaped like the first placement runs here: shared cores fast and erratic, the pinned node slower and steady.
        SetupChooser.Choice c = chooser.chooseMostConsistent(List.of(
                new SetupChooser.Level("shared", new double[] {15394, 8546, 7476}),
                new SetupChooser.Level("pinned", new double[] {3987, 4093})));
        assertThat(c.chosen().name()).isEqualTo("pinned");
        assertThat(c.reasons()).singleElement().asString().startsWith("shared: spread (CV 41.0%)").contains("wider than pinned's (1.9%)");
        assertThatThrownBy(() -> chooser.chooseMostConsistent(List.of(new SetupChooser.Level("one", new double[] {1}))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2");
    }
}
