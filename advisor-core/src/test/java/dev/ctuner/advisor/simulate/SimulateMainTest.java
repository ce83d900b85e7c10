package dev.ctuner.advisor.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.forecast.Backtest;
import dev.ctuner.advisor.core.forecast.LookaheadRule;
import dev.ctuner.advisor.core.forecast.MarkovForecaster;
import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.ReplanRule;
import dev.ctuner.advisor.core.simulation.TraceGenerators;
import dev.ctuner.advisor.data.SyntheticCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Smoke tests of the simulator main and the trace CSV (synthetic data in a temp dir only; no numbers kept). */
class SimulateMainTest {

    @TempDir
    Path dir;

    @Test
    void traceCsvRoundTripsAndRejectsUnevenTimes() throws IOException {
        WorkloadSeries daily = TraceGenerators.dailyMix(20, 900, 3000, 1);
        Path file = dir.resolve("trace.csv");
        TraceCsv.write(daily, file);
        WorkloadSeries back = TraceCsv.read(file);
        assertThat(back.size()).isEqualTo(20);
        assertThat(back.stepSeconds()).isEqualTo(900);
        assertThat(back.at(7).maxProportionDifference(daily.at(7))).isLessThan(1e-5);
        Files.writeString(file, TraceCsv.HEADER + "\n0,0,1,0,0,0,0,10\n1,30,1,0,0,0,0,10\n2,70,1,0,0,0,0,10\n");
        assertThatThrownBy(() -> TraceCsv.read(file)).hasMessageContaining("line 4").hasMessageContaining("evenly spaced");
    }

    @Test
    void syntheticHpcRunPrintsAllSixPolicies() throws IOException {
        String out = SimulateMain.run(new String[] {"--trace", "hpc", "--jobs", "1", "--steps", "120", "--lookahead", "0"});
        assertThat(out).contains("| Default |", "| Static-Optimal |", "| Naive |", "| Planner |", "| Planner-perfect |",
                "| Theoretical-Best |", "chosen by backtest");
    }

    @Test
    void runsOnASurrogateTrainedFromAnExperimentCsvAndOnATraceFile() throws IOException {
        Path csv = SyntheticCsv.write(dir.resolve("experiments.csv"), 14, 3);
        Path trace = dir.resolve("trace.csv");
        TraceCsv.write(TraceGenerators.abruptSwitching(80, 30, 5, 15, 40_000, 2), trace);
        String out = SimulateMain.run(new String[] {"--trace", trace.toString(), "--surrogate", csv.toString(),
                "--population", "10", "--generations", "5", "--radius", "0.3", "--forecaster", "markov1", "--lookahead", "10"});
        assertThat(out).contains("RF surrogate on", "| Planner-perfect |", "40 steps of 30 s");
    }

    @Test
    void theResultsTableHasARowPerJobCountAndNoiseLevelAndThePlannerNeverBeatsTheTheoreticalBest() throws IOException {
        String out = SimulationTable.run(new String[] {"--jobs", "1,5", "--noise", "0,0.2", "--seeds", "2", "--steps", "60",
                "--lookahead", "10"});

        assertThat(out).contains("synthetic f_ops", "2 traces per row");
        List<String> rows = out.lines().filter(l -> l.matches("\\| (1|5) \\| ±0\\.\\d\\d \\|.*")).toList();
        assertThat(rows).hasSize(4);
        for (String row : rows) {
            String belowBest = row.split("\\|")[6].trim();
            assertThat(belowBest).as(row).doesNotContain("-");
        }
    }

    @Test
    void theValueRuleTrustsAMarkovForecastFurtherThanItsRmseDoes() {
        WorkloadSeries training = TraceGenerators.hpcJobQueue(5, 1800, 20, 500, 43);
        CostModel cost = new CostModel(CostModel.MEASURED_RESTART_SECONDS, 3, 1, 3, 0.3, 600, 0);
        ReplanRule rule = new ReplanRule(0.3, 3, 1);
        int byRmse = new LookaheadRule(0.1).choose(Backtest.run(MarkovForecaster.trainer(2), training.vectors(), 1260, 180));
        int byValue = SimulateMain.valueRule(MarkovForecaster.trainer(2), training, 1260, 180, Scenario.synthetic(), cost, rule, 0);

        assertThat(byRmse).isEqualTo(1);          // every step is off by more than 10 points
        assertThat(byValue).isGreaterThan(1);     // yet the average mix it carries pays for a rolling restart
    }

    @Test
    void anUnknownLookaheadRuleIsRefusedByName() {
        assertThatThrownBy(() -> SimulateMain.run(new String[] {"--trace", "hpc", "--steps", "60", "--lookahead-rule", "guess"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--lookahead-rule is rmse or value, got 'guess'");
    }
}
