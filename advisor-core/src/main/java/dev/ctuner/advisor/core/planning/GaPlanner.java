package dev.ctuner.advisor.core.planning;

import io.jenetics.Genotype;
import io.jenetics.IntegerChromosome;
import io.jenetics.IntegerGene;
import io.jenetics.Mutator;
import io.jenetics.Phenotype;
import io.jenetics.SinglePointCrossover;
import io.jenetics.TournamentSelector;
import io.jenetics.engine.Engine;
import io.jenetics.engine.EvolutionResult;
import io.jenetics.util.RandomRegistry;
import java.util.Random;

/**
 * EUNOMIA's planner for comparison: a GA over plans (population 200, crossover 0.8 as in the paper;
 * mutation and generations are not stated there). Chromosome: one gene per step in [0, 2K); a value
 * below K asks for that candidate at that step, a value of K or more keeps the current one (so a
 * random plan does not ask for a switch at every step). A request that the spacing forbids is
 * ignored when decoding, so every chromosome is a feasible plan and its fitness is the Eq. 6 value.
 * Deterministic for a seed.
 *
 * <pre>{@code
 * Plan p = GaPlanner.eunomia().plan(instance, 42);
 * }</pre>
 *
 * @param populationSize individuals per generation
 * @param generations    generations evolved
 * @param crossoverRate  single-point crossover probability
 * @param mutationRate   probability of redrawing a gene
 */
public record GaPlanner(int populationSize, int generations, double crossoverRate, double mutationRate) {

    public GaPlanner {
        if (populationSize < 2 || generations < 1) {
            throw new IllegalArgumentException("need a population of at least 2 and at least 1 generation");
        }
    }

    /** EUNOMIA's population 200 and crossover 0.8; 200 generations and 2% mutation chosen here. */
    public static GaPlanner eunomia() {
        return new GaPlanner(200, 200, 0.8, 0.02);
    }

    public Plan plan(PlanningInstance p, long seed) {
        int n = p.steps();
        int k = p.candidates();
        Engine<IntegerGene, Double> engine = Engine
                .builder((Genotype<IntegerGene> g) -> decode(p, g).value(), Genotype.of(IntegerChromosome.of(0, 2 * k, n)))
                .populationSize(populationSize)
                .executor(Runnable::run)
                .selector(new TournamentSelector<>(3))
                .alterers(new SinglePointCrossover<>(crossoverRate), new Mutator<>(mutationRate))
                .build();
        EvolutionResult<IntegerGene, Double> result = RandomRegistry.with(new Random(seed),
                r -> engine.stream().limit(generations).collect(EvolutionResult.toBestEvolutionResult()));
        Phenotype<IntegerGene, Double> best = result.bestPhenotype();
        return decode(p, best.genotype());
    }

    static Plan decode(PlanningInstance p, Genotype<IntegerGene> genotype) {
        IntegerChromosome genes = genotype.chromosome().as(IntegerChromosome.class);
        int k = p.candidates();
        int[] configs = new int[p.steps()];
        int current = p.initial();
        int nextAllowed = p.initialCooldown();
        for (int t = 0; t < configs.length; t++) {
            int wanted = genes.get(t).intValue();
            if (wanted < k && wanted != current && t >= nextAllowed) {
                nextAllowed = t + p.spacingSteps()[current][wanted];
                current = wanted;
            }
            configs[t] = current;
        }
        return Plan.evaluate(p, configs).orElseThrow();
    }
}
