package dev.ctuner.advisor.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Smoke test of the closed loop on small traces of each kind with the synthetic model (training the
 * forest on the committed data takes the benchmark half a minute a trace). Seeds: SHA-256 of
 * "closed-loop-smoke-test", fixed before any result was seen; neither this test nor the benchmark
 * was tuned to them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClosedLoopMainTest {

    static final String[] ARGS = {"--surrogate", "synthetic", "--seeds", "2", "--seed-label", "closed-loop-smoke-test",
            "--steps", "90", "--history", "600"};
    List<ClosedLoopMain.Row> rows;

    @BeforeAll
    void replay() throws IOException {
        rows = ClosedLoopMain.rows(new SimulateArgs(ARGS, ClosedLoopMain.USAGE));
    }

    @Test
    void everyKindIsReplayedWithEverySeed() {
        assertThat(rows).extracting(ClosedLoopMain.Row::kind).containsExactly("hpc", "hpc", "switching", "switching",
                "daily", "daily");
        assertThat(rows.get(0).seed()).isNotEqualTo(rows.get(1).seed());
    }

    @Test
    void theLoopNeverServesFewerOperationsThanTheDefault() {
        assertThat(rows).allSatisfy(r -> assertThat(r.loop().served().operations())
                .as("%s seed %d", r.kind(), r.seed()).isGreaterThanOrEqualTo(r.defaultPolicy().operations()));
    }

    @Test
    void theLoopServesAtLeastAsManyOperationsAsTheBestStaticConfiguration() {
        assertThat(rows).allSatisfy(r -> assertThat(r.loop().served().operations())
                .as("%s seed %d", r.kind(), r.seed()).isGreaterThanOrEqualTo(r.staticOptimal().operations()));
    }

    @Test
    void theReportHasTheSummaryAndOneLinePerTrace() {
        String md = ClosedLoopReport.markdown(rows, String.join(" ", ARGS));
        assertThat(md).contains("| hpc | ", "| switching | ", "| daily | ");
        assertThat(md.lines().filter(l -> l.startsWith("| daily | ")).count()).isEqualTo(3);
    }
}
