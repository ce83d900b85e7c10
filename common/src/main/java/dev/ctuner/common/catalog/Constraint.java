package dev.ctuner.common.catalog;

import java.util.List;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

/**
 * A rule over several knobs, checked against a complete effective configuration.
 *
 * @param id       stable identifier, e.g. {@code max-mutation-vs-segment}
 * @param severity ERROR (refused) or WARNING (allowed, reported)
 * @param knobs    the knobs the rule reads, reported in the violation
 * @param allowed  the rule in words, e.g. {@code 2 × max_mutation_size ≤ commitlog_segment_size}
 * @param why      what goes wrong when it is broken
 * @param holds    the rule itself
 */
public record Constraint(String id, Violation.Severity severity, List<String> knobs, String allowed, String why,
                         BiPredicate<Configuration, NodeFacts> holds) {

    public Constraint {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        knobs = List.copyOf(knobs);
        Objects.requireNonNull(allowed, "allowed");
        Objects.requireNonNull(why, "why");
        Objects.requireNonNull(holds, "holds");
    }

    /** The violation this rule reports for {@code effective}, or null when it holds. */
    Violation check(Configuration effective, NodeFacts facts) {
        if (holds.test(effective, facts)) {
            return null;
        }
        String values = knobs.stream()
                .map(k -> k + "=" + effective.get(k).map(KnobValue::text).orElse("unset"))
                .collect(Collectors.joining(", "));
        return new Violation(Violation.Code.CONSTRAINT, severity, knobs, values, allowed, id + ": " + why);
    }
}
