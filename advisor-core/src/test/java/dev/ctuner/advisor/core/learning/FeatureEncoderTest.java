package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.CATALOG;
import static dev.ctuner.advisor.core.learning.TestSamples.FACTS;
import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.ValueType;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FeatureEncoderTest {

    @Test
    void everyCatalogKnobRoundTripsThroughItsCoordinate() {
        Set<ValueType> typesSeen = EnumSet.noneOf(ValueType.class);
        for (Knob knob : CATALOG.knobs()) {
            KnobCoordinate c = KnobCoordinate.of(knob, FACTS);
            typesSeen.add(knob.type());
            for (KnobValue v : c.grid(7)) {
                assertThat(knob.check(v, FACTS)).as(knob.name() + " grid value " + v).isEmpty();
                double u = c.toUnit(v);
                assertThat(u).isBetween(0.0, 1.0);
                assertThat(knob.sameValue(c.fromUnit(u), v)).as(knob.name() + " round trip of " + v).isTrue();
            }
            CATALOG.defaultOf(knob.name(), FACTS).filter(d -> knob.check(d, FACTS).isEmpty()).ifPresent(d ->
                    assertThat(knob.sameValue(c.fromUnit(c.toUnit(d)), d)).as(knob.name() + " default " + d).isTrue());
            for (double u = 0; u <= 1.0; u += 0.037) {
                assertThat(knob.check(c.fromUnit(u), FACTS)).as(knob.name() + " repair of " + u).isEmpty();
            }
        }
        assertThat(typesSeen).containsExactlyInAnyOrder(ValueType.values());
    }

    @Test
    void logScaleKnobsAreEncodedOnALogScale() {
        KnobCoordinate writes = KnobCoordinate.of(CATALOG.lookup("concurrent_writes").orElseThrow(), FACTS);
        // [2, 256] on a log scale: 16 is 3 of 7 doublings above 2
        assertThat(writes.toUnit(KnobValue.of(16))).isCloseTo(3.0 / 7, within(1e-12));
        KnobCoordinate chunk = KnobCoordinate.of(CATALOG.lookup("compression.chunk_length_in_kb").orElseThrow(), FACTS);
        assertThat(chunk.fromUnit(0.5)).isEqualTo(KnobValue.of(16));   // 2^0 .. 2^8, middle 2^4
    }

    @Test
    void encodesTheSameAtTrainingAndPredictionAndDecodesGenes() {
        List<String> knobs = List.of("compaction.class", "concurrent_writes", "trickle_fsync", "memtable_cleanup_threshold");
        Configuration c = config("compaction.class", "LeveledCompactionStrategy", "concurrent_writes", 64,
                "trickle_fsync", true, "memtable_cleanup_threshold", 0.2);
        Workload w = Workload.ofReadRatio(0.7);
        PhysicalDesign d = new PhysicalDesign(3, 2);
        FeatureEncoder oneHot = FeatureEncoder.of(CATALOG, FACTS, knobs, FeatureEncoder.EnumEncoding.ONE_HOT);
        double[] x = oneHot.encode(w, d, c);
        assertThat(oneHot.width()).isEqualTo(5 + 2 + 3 + 3);
        assertThat(x).startsWith(0.7, 0.30000000000000004, 0, 0, 0, 3, 2, 0, 1, 0);
        assertThat(oneHot.featureNames().get(8)).isEqualTo("compaction.class=LeveledCompactionStrategy");
        Sample s = TestSamples.sample(w, c, 1, 1, 1, "x");
        assertThat(oneHot.encode(s)).containsExactly(oneHot.encode(w, new PhysicalDesign(1, 1), c));
        assertThat(oneHot.decode(oneHot.toGenes(c))).isEqualTo(c);

        FeatureEncoder ordinal = FeatureEncoder.of(CATALOG, FACTS, knobs, FeatureEncoder.EnumEncoding.ORDINAL);
        assertThat(ordinal.width()).isEqualTo(5 + 2 + 4);
        assertThat(ordinal.encode(w, d, c)[7]).isEqualTo(0.5);
    }

    @Test
    void unsetKnobsAreEncodedAtTheirDefault() {
        FeatureEncoder enc = FeatureEncoder.of(CATALOG, FACTS, List.of("concurrent_writes"), FeatureEncoder.EnumEncoding.ORDINAL);
        double[] unset = enc.encode(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1), Configuration.EMPTY);
        double[] explicit = enc.encode(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1), config("concurrent_writes", 32));
        assertThat(unset).containsExactly(explicit);
    }

    @Test
    void searchedRealsReadAsAnOperatorWouldWriteThem() {
        KnobCoordinate cleanup = KnobCoordinate.of(CATALOG.lookup("memtable_cleanup_threshold").orElseThrow(), FACTS);
        // a gene a hair below the top of [0.01, 0.99] (0.01 + u × 0.98) is 0.9899999999999999 in binary floating point
        double top = Math.nextDown(1.0);
        assertThat(cleanup.knob().format(cleanup.fromUnit(top))).isEqualTo("0.9899999999999999");
        assertThat(cleanup.fromUnitRounded(top)).isEqualTo(KnobValue.of(0.99));
        assertThat(cleanup.fromUnitRounded(1)).isEqualTo(KnobValue.of(0.99));
        assertThat(cleanup.fromUnitRounded(0)).isEqualTo(KnobValue.of(0.01));
        assertThat(cleanup.knob().format(cleanup.fromUnitRounded(0.8152))).isEqualTo("0.81");   // 0.80890 before rounding
        KnobCoordinate fp = KnobCoordinate.of(CATALOG.lookup("bloom_filter_fp_chance").orElseThrow(), FACTS);
        assertThat(fp.knob().format(fp.fromUnitRounded(0.5))).isEqualTo("0.01");   // log scale [0.0001, 1]: 2 significant digits
        for (double u = 0; u <= 1.0; u += 0.013) {
            for (KnobCoordinate c : List.of(cleanup, fp)) {
                KnobValue v = c.fromUnitRounded(u);
                assertThat(c.knob().check(v, FACTS)).as(c.name() + " at " + u).isEmpty();
                String text = c.knob().format(v);
                assertThat(text.replaceFirst("^0\\.0*", "").length()).as(c.name() + " " + text).isLessThanOrEqualTo(2);
            }
        }
        // the search decodes its genes so, and so prices the configuration it then recommends
        FeatureEncoder enc = FeatureEncoder.of(CATALOG, FACTS, List.of("memtable_cleanup_threshold"),
                FeatureEncoder.EnumEncoding.ORDINAL);
        assertThat(enc.decode(new double[] {1})).isEqualTo(config("memtable_cleanup_threshold", 0.99));
    }
}
