package dev.ctuner.advisor.core.learning;

import java.util.Arrays;
import java.util.Locale;

/**
 * How a grouped split decides what "the same" is (RAFIKI §3.1 step 4, validation protocol).
 *
 * <pre>{@code
 * SplitKind.UNSEEN_CONFIGURATION.groupOf(sample, encoder);   // all workloads of a configuration stay together
 * }</pre>
 */
public enum SplitKind {
    /** Hold out configurations with all their workloads: can the model predict a configuration it never saw? */
    UNSEEN_CONFIGURATION("unseen config"),
    /** Hold out workloads (mix levels) with all their configurations. */
    UNSEEN_WORKLOAD("unseen workload");

    private final String label;

    SplitKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The group a sample belongs to: its chosen-knob values (and physical design), or its workload. */
    public String groupOf(Sample sample, FeatureEncoder encoder) {
        if (this == UNSEEN_WORKLOAD) {
            return sample.workload().key();
        }
        return String.format(Locale.ROOT, "%s n%d rf%d", Arrays.toString(encoder.toGenes(sample.configuration())),
                sample.design().nodes(), sample.design().replicationFactor());
    }
}
