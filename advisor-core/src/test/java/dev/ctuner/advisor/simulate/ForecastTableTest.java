package dev.ctuner.advisor.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The forecast table on small generated traces (synthetic traces; no numbers kept). */
class ForecastTableTest {

    @Test
    void everyTraceHasARowPerForecasterAndTheOracleIsExactAtEveryLookahead() {
        String out = ForecastTable.run(new String[] {"--traces", "hpc1,switching", "--forecasters", "oracle,persistence,markov2",
                "--lookaheads", "1,5,20", "--steps", "200", "--seeds", "2"});

        assertThat(out).contains("## HPC job queue, 1 concurrent job, T_d = 20 s", "## abrupt read/write switching",
                "| forecaster | 1 step | 5 steps | 20 steps | T_L (steps) |");
        List<String> oracle = out.lines().filter(l -> l.startsWith("| oracle |")).toList();
        assertThat(oracle).hasSize(2).allSatisfy(row -> assertThat(row)
                .isEqualTo("| oracle | 0.0 [0.0, 0.0] | 0.0 [0.0, 0.0] | 0.0 [0.0, 0.0] | 20 [20, 20] |"));
        // on switching runs of 5-30 steps, staying put is wrong more often 20 steps ahead than 1 step ahead
        String persistence = out.lines().filter(l -> l.startsWith("| persistence |")).toList().get(1);
        String[] cells = persistence.split("\\|");
        assertThat(Double.parseDouble(cells[2].trim().split(" ")[0])).isLessThan(Double.parseDouble(cells[4].trim().split(" ")[0]));
    }

    @Test
    void refusesALookaheadLongerThanTheScoredPartAndUnknownTraces() {
        assertThatThrownBy(() -> ForecastTable.run(new String[] {"--steps", "100", "--lookaheads", "1,40"}))
                .hasMessageContaining("longest lookahead (40)");
        assertThatThrownBy(() -> ForecastTable.run(new String[] {"--traces", "hpc0", "--steps", "100", "--lookaheads", "1"}))
                .hasMessageContaining("hpcN with N ≥ 1");
        assertThatThrownBy(() -> ForecastTable.run(new String[] {"--traces", "weekly", "--steps", "100", "--lookaheads", "1"}))
                .hasMessageContaining("unknown trace 'weekly'");
    }
}
