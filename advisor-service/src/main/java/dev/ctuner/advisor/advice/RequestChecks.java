package dev.ctuner.advisor.advice;

import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.ValidationReport;
import dev.ctuner.common.catalog.Violation;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Checks shared by the advice and plan adapters that add every problem to a list instead of
 * stopping at the first: operation mixes and configurations as the catalog sees them.
 *
 * <pre>{@code
 * List<InputViolation> problems = new ArrayList<>();
 * Workload w = RequestChecks.workload("workload", new double[] {0.9, 0.1, 0, 0, 0}, problems);
 * Configuration c = RequestChecks.configuration("current", Map.of("concurrent_writes", "64"), catalog, facts, problems);
 * if (!problems.isEmpty()) throw new InvalidInputException(problems);
 * }</pre>
 */
public final class RequestChecks {

    /** The tolerance {@link Workload} allows on the sum of the proportions. */
    static final double SUM_TOLERANCE = 0.01;

    /** The key chooser given to workloads built from requests; the surrogates see the mix only. */
    public static final String DISTRIBUTION = "zipfian";

    private RequestChecks() {
    }

    /** The mix (read, update, insert, scan, read-modify-write) as a workload, or null with the reasons added. */
    public static Workload workload(String field, double[] mix, List<InputViolation> problems) {
        double sum = 0;
        boolean inRange = true;
        for (int i = 0; i < mix.length; i++) {
            sum += mix[i];
            if (!(mix[i] >= 0 && mix[i] <= 1)) {
                inRange = false;
                problems.add(new InputViolation(field + "." + Workload.FEATURE_NAMES.get(i), "OUT_OF_RANGE",
                        Double.toString(mix[i]), "[0, 1]", "an operation proportion lies in [0, 1]"));
            }
        }
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            problems.add(new InputViolation(field, "SUM", String.format(Locale.ROOT, "%.4f", sum),
                    "proportions summing to 1 (±" + SUM_TOLERANCE + ")",
                    String.format(Locale.ROOT, "the operation proportions of %s sum to %.4f, not 1", field, sum)));
            return null;
        }
        return inRange ? new Workload(mix[0], mix[1], mix[2], mix[3], mix[4], DISTRIBUTION, OptionalDouble.empty()) : null;
    }

    /**
     * A node's configuration (knob → value as cassandra.yaml spells it) as the catalog parses it.
     * Every ERROR of {@link KnobCatalog#validate} counts except BOOTSTRAP_ONLY and EXCLUDED: those
     * refuse a change, and a configuration a node runs is not a change.
     */
    public static Configuration configuration(String field, Map<String, String> settings, KnobCatalog catalog,
                                              NodeFacts facts, List<InputViolation> problems) {
        ValidationReport report = catalog.validate(settings, Configuration.EMPTY, facts, Set.of());
        report.errors().stream()
                .filter(v -> v.code() != Violation.Code.BOOTSTRAP_ONLY && v.code() != Violation.Code.EXCLUDED)
                .forEach(v -> problems.add(InputViolation.of(field, v)));
        return report.parsed();
    }

    /**
     * Settings to change, laid over {@code base}: every ERROR of {@link KnobCatalog#validate} counts
     * (a bootstrap-only knob may not change) except EXCLUDED, since the caller names them on purpose.
     *
     * @return {@code base} with the parsed settings laid over it
     */
    public static Configuration change(String field, Map<String, String> settings, Configuration base, KnobCatalog catalog,
                                       NodeFacts facts, List<InputViolation> problems) {
        ValidationReport report = catalog.validate(settings, base, facts, Set.of());
        report.errors().stream().filter(v -> v.code() != Violation.Code.EXCLUDED)
                .forEach(v -> problems.add(InputViolation.of(field, v)));
        return base.with(report.parsed());
    }

    /** A replication factor must fit the nodes. */
    public static void design(String field, PhysicalDesign design, List<InputViolation> problems) {
        if (design.replicationFactor() > design.nodes()) {
            problems.add(new InputViolation(field + ".replicationFactor", "OUT_OF_RANGE",
                    Integer.toString(design.replicationFactor()), "1.." + design.nodes(),
                    "a replication factor above the number of nodes cannot be placed"));
        }
    }
}
