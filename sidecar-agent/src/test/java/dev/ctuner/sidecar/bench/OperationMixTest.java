package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OperationMixTest {

    @Test
    void chooserFrequenciesMatchTheProportions() {
        OperationMix mix = OperationMix.builder().read(0.4).update(0.25).insert(0.05).scan(0.1)
                .readModifyWrite(0.1).lwt(0.06).batch(0.04).build();
        SplittableRandom rng = new SplittableRandom(20240101);
        OperationType[] types = OperationType.values();
        long[] observed = new long[types.length];
        for (int i = 0; i < 200_000; i++) {
            observed[mix.choose(rng).ordinal()]++;
        }
        double[] expected = new double[types.length];
        for (OperationType t : types) {
            expected[t.ordinal()] = mix.proportion(t);
        }
        assertThat(GoodnessOfFit.chiSquare(observed, expected).pValue()).isGreaterThan(0.001);

        // The test has power: the same counts do not fit a slightly different mix.
        double[] shifted = expected.clone();
        shifted[0] -= 0.01;
        shifted[1] += 0.01;
        assertThat(GoodnessOfFit.chiSquare(observed, shifted).pValue()).isLessThan(1e-6);
    }

    @Test
    void neverChoosesAnOperationWithZeroProportion() {
        OperationMix mix = OperationMix.parse("read=0.5,insert=0.5");
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            assertThat(mix.choose(rng)).isIn(OperationType.READ, OperationType.INSERT);
        }
        assertThat(mix.chooseAt(0.0)).isEqualTo(OperationType.READ);
        assertThat(mix.chooseAt(Math.nextDown(1.0))).isEqualTo(OperationType.INSERT);
    }

    @Test
    void parsesShortAndEnumNames() {
        OperationMix mix = OperationMix.parse(" read=0.5, READ_MODIFY_WRITE=0.25 ,update=0,lwt=0.125,batch=0.125");
        assertThat(mix.proportion(OperationType.READ)).isEqualTo(0.5);
        assertThat(mix.proportion(OperationType.READ_MODIFY_WRITE)).isEqualTo(0.25);
        assertThat(mix.proportion(OperationType.UPDATE)).isZero();
        assertThat(mix.toString()).isEqualTo("read=0.5,rmw=0.25,lwt=0.125,batch=0.125");
        assertThat(OperationMix.parse(mix.toString())).isEqualTo(mix);
    }

    @Test
    void acceptsDecimalRoundingButNotRealMismatches() {
        OperationMix.parse("read=0.3333333,update=0.3333333,scan=0.3333334");
        assertThatThrownBy(() -> OperationMix.parse("read=0.5,update=0.6"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("operation proportions must sum to 1, but read=0.5,update=0.6 sums to 1.1");
        assertThatThrownBy(() -> OperationMix.builder().read(0.5).build())
                .hasMessageContaining("sums to 0.5");
        assertThatThrownBy(() -> OperationMix.builder().build()).hasMessageContaining("none is positive");
    }

    @Test
    void rejectsBadProportionsWithClearMessages() {
        assertThatThrownBy(() -> OperationMix.builder().read(1.5).update(-0.5).build())
                .hasMessageContaining("proportion of update must be a finite number >= 0, got -0.5");
        assertThatThrownBy(() -> OperationMix.builder().read(Double.NaN).build())
                .hasMessageContaining("proportion of read");
        assertThatThrownBy(() -> new OperationMix(Map.of(OperationType.READ, Double.POSITIVE_INFINITY)))
                .hasMessageContaining("finite");
        assertThatThrownBy(() -> OperationMix.builder().read(0.5).read(0.5))
                .hasMessageContaining("read is given twice");
        assertThatThrownBy(() -> OperationMix.parse("read=0.5,write=0.5"))
                .hasMessageContaining("unknown operation 'write'");
        assertThatThrownBy(() -> OperationMix.parse("read=half"))
                .hasMessageContaining("proportion of read is not a number: 'half'");
        assertThatThrownBy(() -> OperationMix.parse("rmw=0.5,read_modify_write=0.5"))
                .hasMessageContaining("rmw is given twice");
        assertThatThrownBy(() -> OperationMix.parse("read"))
                .hasMessageContaining("entries look like read=0.5");
    }

    @Test
    void ycsbPresetsAreValid() {
        assertThat(OperationMix.ycsbA().proportion(OperationType.UPDATE)).isEqualTo(0.5);
        assertThat(OperationMix.ycsbB().proportion(OperationType.READ)).isEqualTo(0.95);
        assertThat(OperationMix.ycsbC().proportion(OperationType.READ)).isEqualTo(1.0);
        assertThat(OperationMix.ycsbD().proportion(OperationType.INSERT)).isEqualTo(0.05);
        assertThat(OperationMix.ycsbE().proportion(OperationType.SCAN)).isEqualTo(0.95);
        assertThat(OperationMix.ycsbF().proportion(OperationType.READ_MODIFY_WRITE)).isEqualTo(0.5);
    }
}
