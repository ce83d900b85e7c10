package dev.ctuner.advisor.core.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ChangeVerifierTest {

    static final WorkloadVector READS = WorkloadVector.ofReadRatio(0.9, 1000);
    static final WorkloadVector WRITES = WorkloadVector.ofReadRatio(0.1, 1000);
    static final GainEstimate PREDICTED = new GainEstimate(0.05, 0.02, 0.08);
    final ChangeVerifier verifier = ChangeVerifier.standard();

    /** {@code n} windows at {@code mix}, throughput and p99 scaled, with ±3% seeded noise. */
    static List<WindowMeasurement> windows(int n, WorkloadVector mix, double throughput, double p99, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<WindowMeasurement> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new WindowMeasurement(mix, throughput * (1 + 0.03 * (2 * r.nextDouble() - 1)),
                    p99 * (1 + 0.03 * (2 * r.nextDouble() - 1))));
        }
        return out;
    }

    @Test
    void aGenuineTwentyPercentDropIsWorse() {
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 1), windows(10, READS, 800, 8, 2), PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.WORSE);
        assertThat(v.throughputRatio()).isCloseTo(0.8, within(0.03));
        assertThat(v.throughputP()).isLessThan(0.001);
        assertThat(v.realizedGain()).hasValueCloseTo(-0.2, within(0.03));
        assertThat(v.predictionMissed()).isTrue();
    }

    @Test
    void identicalNoiseGivesNoSignificantDifference() {
        List<WindowMeasurement> before = windows(10, READS, 1000, 8, 3);
        List<WindowMeasurement> after = new ArrayList<>(before);
        java.util.Collections.reverse(after);
        Verification v = verifier.verify(before, after, PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.NO_SIGNIFICANT_DIFFERENCE);
        assertThat(v.throughputP()).isGreaterThan(0.9);
        assertThat(v.throughputRatio()).isEqualTo(1.0);
    }

    @Test
    void independentNoiseFromOneDistributionIsNotCalledWorse() {
        Verification v = verifier.verify(windows(12, READS, 1000, 8, 4), windows(12, READS, 1000, 8, 5), PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.NO_SIGNIFICANT_DIFFERENCE);
    }

    @Test
    void windowsAtADifferentMixAreExcluded() {
        // the write-heavy windows ran at half the throughput; kept, they would make the change look better
        List<WindowMeasurement> before = new ArrayList<>(windows(8, READS, 1000, 8, 6));
        before.addAll(windows(8, WRITES, 500, 8, 7));
        Verification v = verifier.verify(before, windows(8, READS, 1000, 8, 8), PREDICTED);
        assertThat(v.matchedBefore()).isEqualTo(8);
        assertThat(v.matchedAfter()).isEqualTo(8);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.NO_SIGNIFICANT_DIFFERENCE);
    }

    @Test
    void tooFewMatchingWindowsAreInsufficient() {
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 9), windows(3, READS, 800, 8, 10), PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.INSUFFICIENT_DATA);
        assertThat(v.reason()).startsWith("too few windows at a matching workload: 10 of 10 before and 3 of 3 after");
        assertThat(v.realizedGain()).isEmpty();
        Verification shifted = verifier.verify(windows(10, WRITES, 1000, 8, 9), windows(10, READS, 1000, 8, 10), PREDICTED);
        assertThat(shifted.verdict()).isEqualTo(Verification.Verdict.INSUFFICIENT_DATA);
    }

    @Test
    void aHigherP99AloneIsWorse() {
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 11), windows(10, READS, 1000, 10.4, 12), PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.WORSE);
        assertThat(v.p99Ratio()).isCloseTo(1.3, within(0.05));
    }

    @Test
    void aLowerP99AtTheSameThroughputIsBetter() {
        // an open-loop load: clients at a fixed rate, so the change shows in latency only
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 17), windows(10, READS, 1000, 2, 18), PREDICTED);
        assertThat(v.verdict()).as(v.reason()).isEqualTo(Verification.Verdict.BETTER);
        assertThat(v.p99Ratio()).isLessThan(0.5);
    }

    @Test
    void aRealGainWithinThePredictionIsBetterAndNotAMiss() {
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 13), windows(10, READS, 1060, 7.5, 14), PREDICTED);
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.BETTER);
        assertThat(v.predictionMissed()).isFalse();
        assertThat(v.reason()).startsWith("BETTER: throughput after/before");
    }

    @Test
    void theAlphaIsConfigurable() {
        // a 2% drop in ±3% noise: a strict alpha does not roll it back
        ChangeVerifier strict = new ChangeVerifier(0.1, 1e-6, 5);
        Verification v = strict.verify(windows(10, READS, 1000, 8, 15), windows(10, READS, 980, 8, 16), PREDICTED);
        assertThat(v.verdict()).isNotEqualTo(Verification.Verdict.WORSE);
    }

    @Test
    void aChangeWithNoPredictionIsVerifiedAndNeverCountedAsMissed() {
        Verification v = verifier.verify(windows(10, READS, 1000, 8, 21), windows(10, READS, 800, 8, 22), java.util.Optional.empty());
        assertThat(v.verdict()).isEqualTo(Verification.Verdict.WORSE);
        assertThat(v.predictionMissed()).isFalse();
        assertThat(v.reason()).contains("no prediction (an operator's change)").doesNotContain("predicted");
    }
}
