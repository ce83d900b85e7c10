package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.CATALOG;
import static dev.ctuner.advisor.core.learning.TestSamples.FACTS;
import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class KnobImportanceTest {

    private static final KnobName WRITES = KnobName.of("concurrent_writes");
    private static final KnobName COMPACTION = KnobName.of("compaction.class");
    private static final KnobName FSYNC = KnobName.of("trickle_fsync");
    private static final Configuration BASE = config("concurrent_writes", 32,
            "compaction.class", "SizeTieredCompactionStrategy", "trickle_fsync", false);

    @Test
    void ranksOneAtATimeScreeningByEffectAndCutsAtTheLargestDrop() {
        SplittableRandom noise = new SplittableRandom(3);
        List<Sample> samples = new ArrayList<>();
        // synthetic: compaction moves throughput by 20k, writes by ~3k, fsync by nothing
        for (int rep = 0; rep < 3; rep++) {
            for (int w : new int[] {8, 32, 128, 256}) {
                samples.add(s(BASE.with(config("concurrent_writes", w)), 50_000 + 1_000 * Math.log(w) / Math.log(2), noise));
            }
            for (String c : new String[] {"SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "UnifiedCompactionStrategy"}) {
                double effect = c.startsWith("Level") ? 20_000 : c.startsWith("Unified") ? 10_000 : 0;
                samples.add(s(BASE.with(config("compaction.class", c)), 55_000 + effect, noise));
            }
            samples.add(s(BASE.with(config("trickle_fsync", true)), 55_000, noise));
            // a training point that changes two knobs is not screening data
            samples.add(s(BASE.with(config("trickle_fsync", true, "concurrent_writes", 8)), 1, noise));
        }
        ImportanceRanking r = KnobImportance.screen(samples, BASE, List.of(WRITES, COMPACTION, FSYNC), Target.THROUGHPUT);
        assertThat(r.effects()).extracting(KnobEffect::knob).containsExactly(COMPACTION, WRITES, FSYNC);
        assertThat(r.effects().get(0).anova().orElseThrow().pValue()).isLessThan(1e-6);
        assertThat(r.effects().get(0).anova().orElseThrow().etaSquared()).isGreaterThan(0.9);
        assertThat(r.effects().get(2).anova().orElseThrow().significant(0.01)).isFalse();
        assertThat(r.topK(1)).containsExactly(COMPACTION);
        assertThat(r.topK(2)).containsExactly(COMPACTION, WRITES);
    }

    @Test
    void detectsAnInteractionAndNotAnAdditiveEffect() {
        FeatureEncoder enc = FeatureEncoder.of(CATALOG, FACTS, List.of("compaction.class", "concurrent_writes"),
                FeatureEncoder.EnumEncoding.ORDINAL);
        SplittableRandom random = new SplittableRandom(11);
        List<Sample> interacting = new ArrayList<>();
        List<Sample> additive = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            boolean leveled = random.nextBoolean();
            long writes = 1L << (1 + random.nextInt(8));
            Configuration c = config("compaction.class", leveled ? "LeveledCompactionStrategy" : "SizeTieredCompactionStrategy",
                    "concurrent_writes", writes);
            double w = Math.log(writes) / Math.log(2);
            // synthetic, RAFIKI Fig. 6 in spirit: writes help under size-tiered only
            interacting.add(s(c, 50_000 + (leveled ? 0 : 3_000 * w), random));
            additive.add(s(c, 50_000 + (leveled ? 5_000 : 0) + 3_000 * w, random));
        }
        InteractionResult yes = InteractionTest.test(interacting, enc, KnobName.of("compaction.class"), WRITES, Target.THROUGHPUT, 3);
        InteractionResult no = InteractionTest.test(additive, enc, KnobName.of("compaction.class"), WRITES, Target.THROUGHPUT, 3);
        assertThat(yes.pValue()).isLessThan(1e-6);
        assertThat(yes.r2Gain()).isGreaterThan(0.05);
        assertThat(no.fStatistic()).isLessThan(yes.fStatistic());
        assertThat(no.cells()).isEqualTo(6);
    }

    @Test
    void aDefaultDerivedFromTheVariedKnobStillMakesAOneKnobPoint() {
        // The campaign writes every run's complete configuration: a point that sets only
        // memtable_flush_writers carries the threshold its default derives from it, 1/(writers+1).
        KnobName writers = KnobName.of("memtable_flush_writers");
        KnobName threshold = KnobName.of("memtable_cleanup_threshold");
        List<KnobName> knobs = List.of(writers, threshold);
        UnaryOperator<Configuration> effective = explicit -> CATALOG.effective(explicit, FACTS);
        SplittableRandom noise = new SplittableRandom(5);
        List<Sample> samples = new ArrayList<>();
        for (int rep = 0; rep < 2; rep++) {
            for (long w : new long[] {1, 2, 8, 16}) {
                samples.add(s(effective.apply(config("memtable_flush_writers", w)), 40_000 - 1_000 * w, noise));
            }
            for (double t : new double[] {0.05, 0.5, 0.9}) {
                samples.add(s(effective.apply(config("memtable_cleanup_threshold", t)), 30_000, noise));
            }
            // two knobs moved away from what they would be: not screening data for either
            samples.add(s(effective.apply(config("memtable_flush_writers", 8L, "memtable_cleanup_threshold", 0.9)), 1, noise));
        }
        ImportanceRanking r = KnobImportance.screen(samples, effective, knobs, Target.THROUGHPUT);
        KnobEffect w = r.effects().stream().filter(e -> e.knob().equals(writers)).findFirst().orElseThrow();
        KnobEffect t = r.effects().stream().filter(e -> e.knob().equals(threshold)).findFirst().orElseThrow();
        assertThat(w.levels()).isEqualTo(4);
        assertThat(w.samples()).isEqualTo(8);
        assertThat(w.anova().orElseThrow().pValue()).isLessThan(1e-6);
        // the threshold's levels: its three values and the default 1/3 of the writers=2 runs, no other writers' runs
        assertThat(t.levels()).isEqualTo(4);
        assertThat(t.samples()).isEqualTo(8);
        // with one fixed baseline, as before, the writers' runs would not count as one-knob points
        KnobEffect fixed = KnobImportance.screen(samples, effective.apply(Configuration.EMPTY), knobs, Target.THROUGHPUT)
                .effects().stream().filter(e -> e.knob().equals(writers)).findFirst().orElseThrow();
        assertThat(fixed.samples()).isEqualTo(2);
    }

    private static Sample s(Configuration c, double throughput, SplittableRandom noise) {
        double y = throughput * (1 + 0.01 * (noise.nextDouble() - 0.5));
        return TestSamples.sample(Workload.ofReadRatio(0.5), c, y, 1000, 1000, "s");
    }
}
