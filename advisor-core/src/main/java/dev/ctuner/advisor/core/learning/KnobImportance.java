package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Knob importance from one-at-a-time screening (RAFIKI §3.1 step 2): for each knob, take the
 * samples whose configuration equals the baseline except, at most, that knob; group them by the
 * knob's value; run a one-way ANOVA of the target over the groups. Rank by the spread of the
 * level means, report F, p and eta² alongside.
 *
 * <p>The caller passes samples of one workload (RAFIKI screens at a fixed workload); samples
 * that differ from the baseline in two or more of {@code knobs} are ignored here, they are
 * training data, not screening data.
 *
 * <pre>{@code
 * ImportanceRanking r = KnobImportance.screen(screening, defaults, knobs, Target.THROUGHPUT);
 * r.effects().get(0).knob();   // the knob whose levels move throughput most
 * }</pre>
 */
public final class KnobImportance {

    private KnobImportance() {
    }

    /** {@link #screen(List, UnaryOperator, List, Target)} where no default depends on another knob. */
    public static ImportanceRanking screen(List<Sample> samples, Configuration baseline, List<KnobName> knobs,
                                           Target target) {
        return screen(samples, explicit -> baseline.with(explicit), knobs, target);
    }

    /**
     * Ranks the knobs of a one-knob-at-a-time screening. A sample counts for knob K when every other
     * knob is at the default it takes with K at the sample's value: {@code effective} maps explicit
     * settings to the complete configuration (the catalog's defaults resolved), because some defaults
     * follow another knob (memtable_cleanup_threshold is 1/(memtable_flush_writers + 1)), so a point that
     * sets only memtable_flush_writers moves the threshold with it and is still a one-knob point.
     */
    public static ImportanceRanking screen(List<Sample> samples, UnaryOperator<Configuration> effective, List<KnobName> knobs,
                                           Target target) {
        Configuration defaults = effective.apply(Configuration.EMPTY);
        Map<KnobName, Map<String, Configuration>> baselines = new HashMap<>();
        List<KnobEffect> effects = new ArrayList<>();
        for (KnobName knob : knobs) {
            Function<KnobValue, Configuration> baselineAt = v -> baselines.computeIfAbsent(knob, k -> new HashMap<>())
                    .computeIfAbsent(levelKey(v), k -> effective.apply(new Configuration(Map.of(knob, v))));
            effects.add(effectOf(knob, samples, defaults, baselineAt, knobs, target));
        }
        effects.sort(Comparator.comparingDouble(KnobEffect::score).reversed()
                .thenComparing(e -> e.knob().value()));
        return new ImportanceRanking(target, effects);
    }

    private static KnobEffect effectOf(KnobName knob, List<Sample> samples, Configuration defaults,
                                       Function<KnobValue, Configuration> baselineAt, List<KnobName> knobs, Target target) {
        Map<String, List<Double>> byLevel = new LinkedHashMap<>();
        int used = 0;
        for (Sample s : samples) {
            OptionalDouble y = target.observed(s);
            Optional<KnobValue> value = s.configuration().get(knob).or(() -> defaults.get(knob));
            if (y.isEmpty() || value.isEmpty() || !othersAtBaseline(s.configuration(), baselineAt.apply(value.get()), knobs, knob)) {
                continue;
            }
            byLevel.computeIfAbsent(levelKey(value.get()), k -> new ArrayList<>()).add(y.getAsDouble());
            used++;
        }
        if (byLevel.size() < 2) {
            return new KnobEffect(knob, byLevel.size(), used, Optional.empty(),
                    Optional.of("fewer than 2 levels among " + used + " screening samples"));
        }
        if (used <= byLevel.size()) {
            return new KnobEffect(knob, byLevel.size(), used, Optional.empty(),
                    Optional.of("no replication: " + used + " samples over " + byLevel.size() + " levels"));
        }
        List<double[]> groups = byLevel.values().stream()
                .map(l -> l.stream().mapToDouble(Double::doubleValue).toArray()).toList();
        return new KnobEffect(knob, byLevel.size(), used, Optional.of(OneWayAnova.test(groups)), Optional.empty());
    }

    private static boolean othersAtBaseline(Configuration c, Configuration baseline, List<KnobName> knobs, KnobName varied) {
        for (KnobName other : knobs) {
            if (other.equals(varied)) {
                continue;
            }
            Optional<KnobValue> mine = c.get(other);
            Optional<KnobValue> base = baseline.get(other);
            if (mine.isPresent() && base.isPresent() && !levelKey(mine.get()).equals(levelKey(base.get()))) {
                return false;
            }
        }
        return true;
    }

    /** Equal levels compare equal; reals to 6 significant digits (Cassandra reports floats). */
    static String levelKey(KnobValue value) {
        if (value instanceof KnobValue.RealValue r) {
            return String.format(Locale.ROOT, "%.6g", r.value());
        }
        return value.text();
    }
}
