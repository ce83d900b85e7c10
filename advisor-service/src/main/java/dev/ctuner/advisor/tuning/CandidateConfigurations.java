package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.OptimumCache;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The configurations the planner may choose among for one cluster: the current one first, then for
 * each recent workload the search's optimum (EUNOMIA §4.4's cached C_opt), laid over the current
 * configuration on the knobs the cluster reports, in three parts: its node settings, the same
 * restricted to the changes that apply live (so that a change needing no restart can win when a
 * restart does not pay), and its table options for the workload's table (the current configuration
 * has table options only when there is one; see {@link CurrentConfiguration}). Node settings and
 * table options are never mixed: they are applied differently (node by node, or one ALTER TABLE).
 *
 * <pre>{@code
 * List<Configuration> c = CandidateConfigurations.of(cache, recentWorkloads, current, tiers);
 * }</pre>
 */
final class CandidateConfigurations {

    private CandidateConfigurations() {
    }

    /**
     * @param valid   whether the catalog accepts a configuration on this cluster's nodes (the model's optima are
     *                searched on the training hardware, whose derived bounds may be wider)
     * @param allowed the cost tiers a proposal may need: those vetting would pass without a race on a
     *                real node, up to the operator's highest tier
     */
    static List<Configuration> of(OptimumCache cache, List<WorkloadVector> workloads, Configuration current, TierClassifier tiers,
                                  Set<ApplyMode> allowed, Predicate<Configuration> valid) {
        Set<Configuration> out = new LinkedHashSet<>();
        out.add(current);
        for (WorkloadVector w : workloads) {
            Configuration optimum = cache.optimum(w);
            Configuration known = current.with(onKnown(optimum, current));
            // a knob whose value the catalog refuses on these nodes is left as it is, not the whole optimum dropped
            Configuration acceptable = current.with(eachAccepted(current, known, valid));
            List<Configuration> parts = List.of(current.with(only(current, acceptable, tiers, t -> !t.contains(ApplyMode.SCHEMA))),
                    current.with(liveOnly(current, acceptable, tiers)),
                    current.with(only(current, acceptable, tiers, t -> t.contains(ApplyMode.SCHEMA))));
            for (Configuration c : parts) {
                if (allowed.containsAll(tiers.tiers(current, c)) && valid.test(c)) {
                    out.add(c);
                }
            }
        }
        return List.copyOf(out);
    }

    /** The optimum's values of the knobs the current configuration has. */
    static Configuration onKnown(Configuration optimum, Configuration current) {
        Map<KnobName, KnobValue> kept = new LinkedHashMap<>();
        optimum.values().forEach((knob, value) -> {
            if (current.values().containsKey(knob)) {
                kept.put(knob, value);
            }
        });
        return new Configuration(kept);
    }

    /** The changes from {@code current} to {@code target} that the catalog accepts one by one. */
    static Configuration eachAccepted(Configuration current, Configuration target, Predicate<Configuration> valid) {
        Map<KnobName, KnobValue> kept = new LinkedHashMap<>();
        target.values().forEach((knob, value) -> {
            if (!value.equals(current.values().get(knob)) && valid.test(current.with(new Configuration(Map.of(knob, value))))) {
                kept.put(knob, value);
            }
        });
        return new Configuration(kept);
    }

    /** The changes from {@code current} to {@code target} that each apply live. */
    static Configuration liveOnly(Configuration current, Configuration target, TierClassifier tiers) {
        return only(current, target, tiers, t -> t.stream().allMatch(m -> m == ApplyMode.LIVE));
    }

    /** The changes from {@code current} to {@code target} whose tiers, each on its own, {@code kept} accepts. */
    static Configuration only(Configuration current, Configuration target, TierClassifier tiers, Predicate<Set<ApplyMode>> kept) {
        Map<KnobName, KnobValue> out = new LinkedHashMap<>();
        target.values().forEach((knob, value) -> {
            if (!value.equals(current.values().get(knob))) {
                Configuration one = current.with(new Configuration(Map.of(knob, value)));
                if (kept.test(tiers.tiers(current, one))) {
                    out.put(knob, value);
                }
            }
        });
        return new Configuration(out);
    }
}
