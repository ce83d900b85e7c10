package dev.ctuner.common.catalog;

import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * A domain bound: a constant, or derived from node facts ("heap / 2", "8 × cores").
 *
 * @param expression how a reader sees the bound, e.g. {@code heap/2}
 * @param rule       how it resolves against a node's facts
 */
public record Bound(String expression, ToDoubleFunction<NodeFacts> rule) {

    public Bound {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(rule, "rule");
    }

    public static Bound of(double constant) {
        String text = constant == Math.rint(constant) ? Long.toString((long) constant) : Double.toString(constant);
        return new Bound(text, facts -> constant);
    }

    public static Bound derived(String expression, ToDoubleFunction<NodeFacts> rule) {
        return new Bound(expression, rule);
    }

    public double resolve(NodeFacts facts) {
        return rule.applyAsDouble(facts);
    }

    /** True when the bound does not depend on the node. */
    public boolean isConstant() {
        return expression.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == '-');
    }
}
