package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static dev.ctuner.advisor.core.learning.TestSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.common.catalog.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Hand-built and seeded synthetic curves; not Cassandra results. */
class ReadRatioSmoothnessTest {

    private static final Configuration A = config("concurrent_reads", 8);
    private static final Configuration B = config("concurrent_reads", 64);

    private static Sample at(Configuration c, double readRatio, double throughput) {
        return sample(Workload.ofReadRatio(readRatio), c, throughput, 1000, 1000, c + "@" + readRatio);
    }

    @Test
    void aStraightResponseHasNoResidualAndABumpCountsAgainstBothNeighbours() {
        ReadRatioSmoothness.Estimate e = ReadRatioSmoothness.of(List.of(
                at(A, 0.0, 100), at(A, 0.5, 150), at(A, 1.0, 200),      // on the line
                at(B, 0.0, 100), at(B, 0.5, 110), at(B, 1.0, 100)),     // 10% above it
                Target.THROUGHPUT).orElseThrow();
        assertThat(e.residuals()).isEqualTo(2);
        assertThat(e.configurations()).isEqualTo(2);
        assertThat(e.rmsResidual()).isCloseTo(Math.sqrt(0.01 / 2), within(1e-12));
        // midway, the line's error adds half of each neighbour's: variance 1.5 s²
        assertThat(e.pointSd()).isCloseTo(Math.sqrt(0.01 / 1.5 / 2), within(1e-12));
        assertThat(e.expectedAbsError()).isCloseTo(e.pointSd() * Math.sqrt(2 / Math.PI), within(1e-12));
    }

    @Test
    void unevenNeighboursWeighTheNearerOneMore() {
        ReadRatioSmoothness.Estimate e = ReadRatioSmoothness.of(List.of(
                at(A, 0.0, 100), at(A, 0.25, 137.5), at(A, 1.0, 200)),  // the line gives 125 at 0.25
                Target.THROUGHPUT).orElseThrow();
        assertThat(e.rmsResidual()).isCloseTo(0.1, within(1e-12));
        assertThat(e.pointSd()).isCloseTo(0.1 / Math.sqrt(1 + 0.75 * 0.75 + 0.25 * 0.25), within(1e-12));
    }

    @Test
    void runsAtOneReadRatioAreAveragedAndOtherMixesLeftOut() {
        Sample withInserts = new Sample(new Workload(0.5, 0.25, 0.25, 0, 0, "zipfian", OptionalDouble.empty()),
                at(A, 0.5, 0).design(), A, at(A, 0.5, 1).measured(), at(A, 0.5, 1).provenance());
        ReadRatioSmoothness.Estimate e = ReadRatioSmoothness.of(List.of(
                at(A, 0.0, 100), at(A, 0.5, 140), at(A, 0.5, 160), at(A, 1.0, 200), withInserts),
                Target.THROUGHPUT).orElseThrow();
        assertThat(e.residuals()).isEqualTo(1);
        assertThat(e.rmsResidual()).isZero();
    }

    @Test
    void fewerThanThreeReadRatiosGiveNoEstimate() {
        assertThat(ReadRatioSmoothness.of(List.of(at(A, 0.0, 100), at(A, 1.0, 200), at(B, 0.5, 100)),
                Target.THROUGHPUT)).isEmpty();
    }

    @Test
    void recoversTheNoiseOfStraightCurvesMeasuredWithKnownScatter() {
        Random random = new Random(7);
        List<Sample> samples = new ArrayList<>();
        for (int c = 0; c < 200; c++) {
            Configuration configuration = config("concurrent_reads", c + 2);
            double base = 10_000 + 500 * c;
            double slope = (c % 2 == 0 ? 1 : -1) * 3_000;
            for (int level = 0; level <= 10; level++) {
                double truth = base + slope * level / 10.0;
                samples.add(at(configuration, level / 10.0, truth * (1 + 0.08 * random.nextGaussian())));
            }
        }
        ReadRatioSmoothness.Estimate e = ReadRatioSmoothness.of(samples, Target.THROUGHPUT).orElseThrow();
        assertThat(e.residuals()).isEqualTo(200 * 9);
        assertThat(e.pointSd()).isCloseTo(0.08, within(0.006));
    }

    @Test
    void anotherPhysicalDesignIsAnotherCurveAndValuesOfZeroAreLeftOut() {
        Sample threeNodes = at(A, 0.5, 300);
        threeNodes = new Sample(threeNodes.workload(), new dev.ctuner.common.protocol.message.PhysicalDesign(3, 3), A,
                threeNodes.measured(), threeNodes.provenance());
        ReadRatioSmoothness.Estimate e = ReadRatioSmoothness.of(List.of(
                at(A, 0.0, 100), at(A, 0.5, 150), at(A, 0.5, 0), at(A, 1.0, 200), threeNodes),
                Target.THROUGHPUT).orElseThrow();
        // the 3-node value and the 0 would each pull 0.5 off the line
        assertThat(e.residuals()).isEqualTo(1);
        assertThat(e.rmsResidual()).isZero();
    }
}
