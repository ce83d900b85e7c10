package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeySequenceTest {

    @Test
    void keepsEveryAccessOfSampledKeysInIssueOrder() {
        double fraction = 0.1;
        KeySequence seq = new KeySequence(KeyRecording.sampled(fraction, 1_000_000));
        SplittableRandom rng = new SplittableRandom(1);
        List<long[]> expected = new ArrayList<>();
        for (long op = 0; op < 50_000; op++) {
            long key = rng.nextLong(500); // every key is accessed many times
            OperationType type = OperationType.values()[(int) (op % OperationType.values().length)];
            boolean kept = seq.record(op, type, key);
            assertThat(kept).isEqualTo(KeySequence.isSampled(key, fraction));
            if (kept) {
                expected.add(new long[] {op, type.ordinal(), key});
            }
        }
        assertThat(seq.size()).isEqualTo(expected.size());
        for (int i = 0; i < seq.size(); i++) {
            assertThat(seq.operationIndex(i)).isEqualTo(expected.get(i)[0]);
            assertThat(seq.type(i).ordinal()).isEqualTo((int) expected.get(i)[1]);
            assertThat(seq.recordNumber(i)).isEqualTo(expected.get(i)[2]);
        }
        assertThat(seq.dropped()).isZero();
        assertThat(seq.firstDroppedOperationIndex()).isEqualTo(-1);
        assertThat(seq.recordNumbers()).hasSize(seq.size());
    }

    @Test
    void samplesAboutTheRequestedFractionOfKeys() {
        long sampled = 0;
        for (long key = 0; key < 100_000; key++) {
            sampled += KeySequence.isSampled(key, 0.05) ? 1 : 0;
        }
        GoodnessOfFit.Result fit = GoodnessOfFit.chiSquare(new long[] {sampled, 100_000 - sampled},
                new double[] {0.05, 0.95});
        assertThat(fit.pValue()).isGreaterThan(0.001);
        assertThat(KeySequence.isSampled(12345, 1.0)).isTrue();
        assertThat(KeySequence.isSampled(12345, 0.0)).isFalse();
    }

    @Test
    void keepsAPrefixAndCountsWhatItDropsWhenFull() {
        KeySequence seq = new KeySequence(KeyRecording.all(3000));
        for (long op = 0; op < 5000; op++) {
            seq.record(op, OperationType.READ, op * 7);
        }
        assertThat(seq.size()).isEqualTo(3000);
        assertThat(seq.isFull()).isTrue();
        assertThat(seq.dropped()).isEqualTo(2000);
        assertThat(seq.firstDroppedOperationIndex()).isEqualTo(3000);
        assertThat(seq.recordNumber(2999)).isEqualTo(2999 * 7);
        assertThat(seq.operationIndexes()[2999]).isEqualTo(2999);
        assertThatThrownBy(() -> seq.recordNumber(3000)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void offRecordsNothing() {
        KeySequence seq = new KeySequence(KeyRecording.off());
        assertThat(seq.record(0, OperationType.READ, 1)).isFalse();
        assertThat(seq.size()).isZero();
        assertThat(seq.dropped()).isZero();
        assertThatThrownBy(() -> KeyRecording.sampled(1.5, 10)).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> KeyRecording.all(-1)).hasMessageContaining(">= 0");
    }
}
