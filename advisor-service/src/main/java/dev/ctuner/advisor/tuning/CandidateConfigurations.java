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
 * configuration on the knobs the cluster reports (node settings; table options are left alone, since a
 * proposal does not name tables), and the same optimum restricted to the changes that apply live, so
 * that a change needing no restart can win when a restart does not pay.
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
            for (Configuration c : List.of(acceptable, current.with(liveOnly(current, acceptable, tiers)))) {
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
        Map<KnobName, KnobValue> live = new LinkedHashMap<>();
        target.values().forEach((knob, value) -> {
            if (!value.equals(current.values().get(knob))) {
                Configuration one = current.with(new Configuration(Map.of(knob, value)));
                if (tiers.tiers(current, one).stream().allMatch(t -> t == ApplyMode.LIVE)) {
                    live.put(knob, value);
                }
            }
        });
        return new Configuration(live);
    }
}
