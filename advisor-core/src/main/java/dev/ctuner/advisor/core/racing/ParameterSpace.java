package dev.ctuner.advisor.core.racing;

import dev.ctuner.advisor.core.learning.KnobCoordinate;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The knobs a tuning explores, as points: a numeric knob is its position in [0, 1] on the
 * catalog's scale ({@link KnobCoordinate}), a categorical knob (enumeration or boolean, irace's
 * type {@code c}) is the index of its level. {@link #decode} always gives legal values (reals to
 * two decimals, irace's precision in the paper); {@link #isValid} applies the catalog's cross-knob
 * constraints.
 *
 * <pre>{@code
 * ParameterSpace s = ParameterSpace.of(KnobCatalog.cassandra50(), List.of("concurrent_writes", "compaction.class"), facts);
 * double[] p = s.uniform(rng);     // e.g. {0.41, 2.0}
 * s.decode(p);                     // {concurrent_writes=24, compaction.class=LeveledCompactionStrategy}
 * }</pre>
 */
public final class ParameterSpace {

    /** Draws of a configuration the constraints refuse before giving up. */
    static final int MAX_DRAWS = 200;

    private final List<KnobCoordinate> coordinates;
    private final List<KnobValue> defaults;
    private final KnobCatalog catalog;
    private final NodeFacts facts;
    private final Set<KnobName> all;

    private ParameterSpace(List<KnobCoordinate> coordinates, List<KnobValue> defaults, KnobCatalog catalog, NodeFacts facts) {
        this.coordinates = List.copyOf(coordinates);
        this.defaults = List.copyOf(defaults);
        this.catalog = catalog;
        this.facts = facts;
        this.all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
    }

    public static ParameterSpace of(KnobCatalog catalog, List<String> knobNames, NodeFacts facts) {
        if (knobNames.isEmpty()) {
            throw new IllegalArgumentException("a parameter space needs at least one knob");
        }
        List<KnobCoordinate> coords = new ArrayList<>();
        List<KnobValue> defaults = new ArrayList<>();
        for (String name : knobNames) {
            Knob k = catalog.lookup(name).orElseThrow(() -> new IllegalArgumentException("unknown knob '" + name + "'"));
            coords.add(KnobCoordinate.of(k, facts));
            defaults.add(catalog.defaultOf(k.name(), facts).orElseThrow(() -> new IllegalArgumentException(
                    name + " has no default on this node")));
        }
        return new ParameterSpace(coords, defaults, catalog, facts);
    }

    /** N_param, the number of knobs. */
    public int size() {
        return coordinates.size();
    }

    public List<String> names() {
        return coordinates.stream().map(c -> c.name().value()).toList();
    }

    /** Whether knob {@code j} is categorical (an enumeration or a boolean). */
    public boolean categorical(int j) {
        KnobCoordinate c = coordinates.get(j);
        return c.isChoice() || c.knob().type() == ValueType.BOOLEAN;
    }

    /** Number of levels of categorical knob {@code j}. */
    public int levels(int j) {
        return coordinates.get(j).isChoice() ? coordinates.get(j).choices().size() : 2;
    }

    /** A point drawn uniformly: numeric coordinates uniform in [0, 1], levels uniform. */
    double[] uniformPoint(RandomGenerator rng) {
        double[] p = new double[size()];
        for (int j = 0; j < p.length; j++) {
            p[j] = categorical(j) ? rng.nextInt(levels(j)) : rng.nextDouble();
        }
        return p;
    }

    /**
     * A valid configuration drawn uniformly (irace's first iteration), drawn again while the
     * constraints refuse it.
     */
    public double[] uniform(RandomGenerator rng) {
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            double[] p = uniformPoint(rng);
            if (isValid(decode(p))) {
                return p;
            }
        }
        throw new IllegalStateException("no valid configuration in " + MAX_DRAWS + " uniform draws over " + names());
    }

    /** The point of a configuration; knobs it does not set take their default. */
    public double[] encode(Map<String, String> configuration) {
        double[] p = new double[size()];
        for (int j = 0; j < p.length; j++) {
            KnobCoordinate c = coordinates.get(j);
            String text = configuration.get(c.name().value());
            KnobValue v = text == null ? defaults.get(j) : c.knob().parse(text);
            double u = c.toUnit(v);
            p[j] = categorical(j) ? Math.round(u * (levels(j) - 1)) : u;
        }
        return p;
    }

    /** The legal configuration nearest to a point, every knob of the space set, in cassandra.yaml spelling. */
    public Map<String, String> decode(double[] point) {
        Map<String, String> config = new LinkedHashMap<>();
        for (int j = 0; j < point.length; j++) {
            KnobCoordinate c = coordinates.get(j);
            KnobValue v;
            if (categorical(j)) {
                int levels = levels(j);
                v = c.fromUnit(levels == 1 ? 0 : point[j] / (levels - 1));
            } else {
                v = c.fromUnitRounded(point[j]);
            }
            config.put(c.name().value(), c.knob().format(v));
        }
        return config;
    }

    /** Whether the catalog accepts the configuration (domains and cross-knob constraints; every knob opted in). */
    public boolean isValid(Map<String, String> configuration) {
        return catalog.validate(configuration, Configuration.EMPTY, facts, all).errors().isEmpty();
    }
}
