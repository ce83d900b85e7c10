package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.time.Duration;

/**
 * Run-wide settings: where the data is, how much was loaded, the seed and the per-request options.
 * What varies over time (mix, keys, rate, length) is in the {@link Schedule}.
 *
 * <pre>{@code
 * WorkloadSpec spec = WorkloadSpec.builder().keyspace("ycsb").recordCount(100_000).seed(42)
 *         .consistency(DefaultConsistencyLevel.QUORUM).keyRecording(KeyRecording.sampled(0.01, 1_000_000))
 *         .build();
 * }</pre>
 *
 * @param keyspace          keyspace holding {@code usertable}
 * @param recordCount       records loaded (record numbers 0 .. recordCount-1); inserts continue after
 * @param seed              the one seed every random choice of the run derives from
 * @param consistency       consistency level of every request
 * @param serialConsistency serial consistency of LWT requests (SERIAL or LOCAL_SERIAL)
 * @param maxScanLength     SCAN lengths are uniform in [1, maxScanLength]
 * @param batchSize         updates per BATCH
 * @param keyRecording      which keys' accesses to record
 * @param drainTimeout      how long a phase waits for its last requests before moving on
 */
public record WorkloadSpec(String keyspace, long recordCount, long seed, DefaultConsistencyLevel consistency,
        DefaultConsistencyLevel serialConsistency, int maxScanLength, int batchSize, KeyRecording keyRecording,
        Duration drainTimeout) {

    public WorkloadSpec {
        new Schema(keyspace); // validates the name
        if (recordCount < 1) {
            throw new IllegalArgumentException("record count must be >= 1, got " + recordCount);
        }
        if (consistency == null || keyRecording == null || drainTimeout == null) {
            throw new IllegalArgumentException("consistency, key recording and drain timeout are required");
        }
        if (serialConsistency != DefaultConsistencyLevel.SERIAL
                && serialConsistency != DefaultConsistencyLevel.LOCAL_SERIAL) {
            throw new IllegalArgumentException("serial consistency must be SERIAL or LOCAL_SERIAL, got "
                    + serialConsistency);
        }
        if (consistency.isSerial()) {
            throw new IllegalArgumentException("consistency must not be a serial level, got " + consistency);
        }
        if (maxScanLength < 1 || batchSize < 1) {
            throw new IllegalArgumentException("max scan length and batch size must be >= 1, got "
                    + maxScanLength + " and " + batchSize);
        }
        if (drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drain timeout must be >= 0, got " + drainTimeout);
        }
    }

    /**
     * Defaults: keyspace {@code ycsb}, seed 1, consistency ONE (YCSB's), SERIAL, scans up to 100 rows,
     * batches of 5, no key recording, 30 s drain. The record count has no default.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link WorkloadSpec}. */
    public static final class Builder {
        private String keyspace = "ycsb";
        private long recordCount;
        private long seed = 1;
        private DefaultConsistencyLevel consistency = DefaultConsistencyLevel.ONE;
        private DefaultConsistencyLevel serialConsistency = DefaultConsistencyLevel.SERIAL;
        private int maxScanLength = 100;
        private int batchSize = 5;
        private KeyRecording keyRecording = KeyRecording.off();
        private Duration drainTimeout = Duration.ofSeconds(30);

        private Builder() {
        }

        public Builder keyspace(String keyspace) {
            this.keyspace = keyspace;
            return this;
        }

        public Builder recordCount(long recordCount) {
            this.recordCount = recordCount;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder consistency(DefaultConsistencyLevel consistency) {
            this.consistency = consistency;
            return this;
        }

        public Builder serialConsistency(DefaultConsistencyLevel serialConsistency) {
            this.serialConsistency = serialConsistency;
            return this;
        }

        public Builder maxScanLength(int maxScanLength) {
            this.maxScanLength = maxScanLength;
            return this;
        }

        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        public Builder keyRecording(KeyRecording keyRecording) {
            this.keyRecording = keyRecording;
            return this;
        }

        public Builder drainTimeout(Duration drainTimeout) {
            this.drainTimeout = drainTimeout;
            return this;
        }

        public WorkloadSpec build() {
            return new WorkloadSpec(keyspace, recordCount, seed, consistency, serialConsistency, maxScanLength,
                    batchSize, keyRecording, drainTimeout);
        }
    }
}
