package dev.ctuner.advisor.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.learning.KnobCoordinate;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DesignTest {

    private final KnobCatalog catalog = KnobCatalog.cassandra50();
    private final NodeFacts facts = new NodeFacts(1024, 2, 1, 24_000);
    private final List<String> knobs = List.of("concurrent_writes", "memtable_cleanup_threshold", "compaction.class",
            "trickle_fsync", "concurrent_compactors", "commitlog_sync");

    @Test
    void screeningVariesOneKnobAtATimeOverEveryChoiceOrFourValuesWithTheExtremes() {
        ScreeningDesign d = ScreeningDesign.of(catalog, knobs, facts);
        assertThat(d.points().get(0).id()).isEqualTo(ScreeningDesign.BASELINE);
        assertThat(d.points().get(0).configuration()).isEmpty();
        for (DesignPoint p : d.points().subList(1, d.points().size())) {
            assertThat(p.configuration()).hasSize(1);
        }
        Set<String> writes = d.points().stream().filter(p -> p.configuration().containsKey("concurrent_writes"))
                .map(p -> p.configuration().get("concurrent_writes")).collect(Collectors.toSet());
        assertThat(writes).contains("2", "256").hasSizeBetween(3, 4); // 32, the default, is the baseline
        Set<String> compaction = d.points().stream().filter(p -> p.configuration().containsKey("compaction.class"))
                .map(p -> p.configuration().get("compaction.class")).collect(Collectors.toSet());
        assertThat(compaction).containsExactlyInAnyOrder("LeveledCompactionStrategy", "UnifiedCompactionStrategy");
        assertThat(d.points().stream().map(DesignPoint::id).distinct().count()).isEqualTo(d.points().size());
        for (DesignPoint p : d.points()) {
            assertThat(catalog.validate(p.configuration(), Configuration.EMPTY, facts, allKnobs()).errors()).isEmpty();
        }
    }

    @Test
    void trainingDesignHoldsTheDefaultAndEveryKnobsMinimumAndMaximumAndIsValidAndSeeded() {
        TrainingDesign d = TrainingDesign.of(catalog, knobs, facts, 20, new SplittableRandom(3));
        assertThat(d.configurations()).hasSize(20);
        assertThat(d.notes()).anyMatch(n -> n.contains("drawn again"));
        assertThat(d.configurations()).allMatch(p -> !p.configuration().getOrDefault("memtable_cleanup_threshold", "0.5")
                .matches(".*\\.\\d{3,}"));
        assertThat(d.configurations().get(0).configuration()).isEmpty();
        for (String name : knobs) {
            Knob knob = catalog.lookup(name).orElseThrow();
            KnobCoordinate c = KnobCoordinate.of(knob, facts);
            Set<String> seen = new HashSet<>();
            d.configurations().forEach(p -> {
                if (p.configuration().containsKey(name)) {
                    seen.add(p.configuration().get(name));
                }
            });
            if (c.isChoice() || knob.type() == dev.ctuner.common.catalog.ValueType.BOOLEAN) {
                assertThat(seen).as(name).hasSizeGreaterThanOrEqualTo(2); // "group" needs a window this design does not vary
            } else {
                assertThat(seen).as(name).contains(knob.format(c.fromUnit(0)), knob.format(c.fromUnit(1)));
            }
        }
        for (DesignPoint p : d.configurations()) {
            assertThat(catalog.validate(p.configuration(), Configuration.EMPTY, facts, allKnobs()).errors()).isEmpty();
        }
        assertThat(TrainingDesign.of(catalog, knobs, facts, 20, new SplittableRandom(3))).isEqualTo(d);
        assertThat(TrainingDesign.of(catalog, knobs, facts, 20, new SplittableRandom(4))).isNotEqualTo(d);
    }

    @Test
    void latinHypercubeHitsEveryStratumOfEveryDimensionOnce() {
        double[][] u = TrainingDesign.latinHypercube(10, 3, new SplittableRandom(1));
        for (int j = 0; j < 3; j++) {
            boolean[] hit = new boolean[10];
            for (double[] row : u) {
                int stratum = (int) Math.floor(row[j] * 10);
                assertThat(hit[stratum]).isFalse();
                hit[stratum] = true;
            }
        }
    }

    @Test
    void pairsAlternateWhichSideGoesFirst() {
        assertThat(InterleavedPairs.order(3).stream().map(InterleavedPairs.Run::label).toList())
                .containsExactly("A0", "B0", "B1", "A1", "A2", "B2");
    }

    @Test
    void comparisonReportsTheRatioAndTellsAClearDifference() {
        Comparison c = Comparison.of(new double[] {100, 101, 99, 100, 102}, new double[] {110, 111, 109, 112, 110});
        assertThat(c.ratio()).isBetween(1.09, 1.11);
        assertThat(c.test().pValue()).isLessThan(0.05);
        assertThat(c.verdict(0.05)).startsWith("B is 10.0% faster");
        assertThat(Comparison.of(new double[] {100, 101, 99}, new double[] {100, 99, 101}).verdict(0.05))
                .startsWith("no significant difference");
    }

    private Set<dev.ctuner.common.catalog.KnobName> allKnobs() {
        return catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
    }
}
