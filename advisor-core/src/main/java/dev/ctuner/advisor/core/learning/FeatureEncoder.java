package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns (workload, physical design, configuration) into the feature vector every surrogate sees,
 * the same way at training and at prediction time, and maps search genes back to legal knob
 * values. Layout: the 5 operation proportions, nodes and replication factor (ordinal, ML-SURR
 * §2.2), then one column per chosen knob in [0, 1] ({@link KnobCoordinate}), or one column per
 * choice for enumerations under {@link EnumEncoding#ONE_HOT}. A knob the configuration does not
 * set is encoded at its catalog default for the node.
 *
 * <pre>{@code
 * FeatureEncoder enc = FeatureEncoder.of(KnobCatalog.cassandra50(), facts,
 *         List.of("compaction.class", "concurrent_writes"), FeatureEncoder.EnumEncoding.ONE_HOT);
 * double[] x = enc.encode(Workload.ofReadRatio(0.9), new PhysicalDesign(1, 1), configuration);
 * Configuration c = enc.decode(new double[] {0.5, 0.625});  // LeveledCompactionStrategy, 32
 * }</pre>
 */
public final class FeatureEncoder {

    /** How an enumeration knob becomes features. */
    public enum EnumEncoding { ORDINAL, ONE_HOT }

    private final KnobCatalog catalog;
    private final NodeFacts facts;
    private final List<KnobCoordinate> coordinates;
    private final EnumEncoding enumEncoding;
    private final List<String> featureNames;

    private FeatureEncoder(KnobCatalog catalog, NodeFacts facts, List<KnobCoordinate> coordinates, EnumEncoding enumEncoding) {
        this.catalog = catalog;
        this.facts = facts;
        this.coordinates = List.copyOf(coordinates);
        this.enumEncoding = enumEncoding;
        List<String> names = new ArrayList<>(Workload.FEATURE_NAMES);
        names.add("nodes");
        names.add("rf");
        for (KnobCoordinate c : coordinates) {
            if (c.isChoice() && enumEncoding == EnumEncoding.ONE_HOT) {
                c.choices().forEach(choice -> names.add(c.name() + "=" + choice));
            } else {
                names.add(c.name().value());
            }
        }
        this.featureNames = List.copyOf(names);
    }

    /** An encoder for {@code knobs} (catalog or legacy names), with domains resolved for {@code facts}. */
    public static FeatureEncoder of(KnobCatalog catalog, NodeFacts facts, List<String> knobs, EnumEncoding enumEncoding) {
        List<KnobCoordinate> coordinates = new ArrayList<>();
        for (String name : knobs) {
            coordinates.add(KnobCoordinate.of(catalog.lookup(name).orElseThrow(() ->
                    new IllegalArgumentException("'" + name + "' is not a knob of the catalog")), facts));
        }
        return new FeatureEncoder(catalog, facts, coordinates, enumEncoding);
    }

    public KnobCatalog catalog() {
        return catalog;
    }

    public NodeFacts facts() {
        return facts;
    }

    public EnumEncoding enumEncoding() {
        return enumEncoding;
    }

    /** The chosen knobs, in gene order. */
    public List<KnobName> knobs() {
        return coordinates.stream().map(KnobCoordinate::name).toList();
    }

    public List<KnobCoordinate> coordinates() {
        return coordinates;
    }

    /** Names of the feature columns, in order. */
    public List<String> featureNames() {
        return featureNames;
    }

    public int width() {
        return featureNames.size();
    }

    /** Index of the first knob feature (after workload and physical design). */
    public int knobOffset() {
        return Workload.FEATURE_NAMES.size() + 2;
    }

    public double[] encode(Sample sample) {
        return encode(sample.workload(), sample.design(), sample.configuration());
    }

    public double[] encode(Workload workload, PhysicalDesign design, Configuration configuration) {
        double[] x = new double[width()];
        double[] mix = workload.features();
        System.arraycopy(mix, 0, x, 0, mix.length);
        x[mix.length] = design.nodes();
        x[mix.length + 1] = design.replicationFactor();
        int at = knobOffset();
        for (KnobCoordinate c : coordinates) {
            KnobValue value = valueOf(configuration, c);
            if (c.isChoice() && enumEncoding == EnumEncoding.ONE_HOT) {
                x[at + c.choiceIndex(value)] = 1;
                at += c.choices().size();
            } else {
                x[at++] = c.toUnit(value);
            }
        }
        return x;
    }

    /** The search genes of a configuration: one unit coordinate per chosen knob. */
    public double[] toGenes(Configuration configuration) {
        double[] genes = new double[coordinates.size()];
        for (int i = 0; i < genes.length; i++) {
            genes[i] = coordinates.get(i).toUnit(valueOf(configuration, coordinates.get(i)));
        }
        return genes;
    }

    /**
     * The legal configuration of the chosen knobs nearest to {@code genes} (one per knob, in [0, 1]),
     * reals at the designs' precision ({@link KnobCoordinate#fromUnitRounded}): the search's repair.
     */
    public Configuration decode(double[] genes) {
        if (genes.length != coordinates.size()) {
            throw new IllegalArgumentException("expected " + coordinates.size() + " genes, got " + genes.length);
        }
        Map<KnobName, KnobValue> values = new TreeMap<>();
        for (int i = 0; i < genes.length; i++) {
            values.put(coordinates.get(i).name(), coordinates.get(i).fromUnitRounded(genes[i]));
        }
        return new Configuration(values);
    }

    private KnobValue valueOf(Configuration configuration, KnobCoordinate c) {
        return configuration.get(c.name()).or(() -> catalog.defaultOf(c.name(), facts)).orElseThrow(() ->
                new IllegalArgumentException(c.name() + " is not set and has no default to encode"));
    }
}
