package dev.ctuner.advisor.core.search;

import io.jenetics.DoubleChromosome;
import io.jenetics.DoubleGene;
import io.jenetics.GaussianMutator;
import io.jenetics.Genotype;
import io.jenetics.Phenotype;
import io.jenetics.TournamentSelector;
import io.jenetics.engine.Engine;
import io.jenetics.engine.EvolutionResult;
import io.jenetics.util.RandomRegistry;
import java.util.Random;

/**
 * Genetic search over a surrogate (RAFIKI §3.1 step 5) with Jenetics: one chromosome of
 * DoubleGenes in [0, 1), one gene per knob. Jenetics genotypes hold one gene type, so integer
 * and enum knobs are DoubleGenes too, decoded by the encoder's repair (rounding to the step,
 * nearest power of two, choice index by equal bins); this is what an IntegerGene index would
 * give, and lets the interpolating crossover act on every gene alike. Catalog constraints are
 * handled by Deb's feasibility rules ({@link Fitness}). Deterministic for a seed: the engine runs
 * on the caller's thread ({@code Runnable::run}) inside {@link RandomRegistry#with} a seeded
 * generator.
 *
 * <pre>{@code
 * SearchResult r = new GeneticSearch(50, 60, 0.6, 0.15).run(problem, 42);
 * }</pre>
 *
 * @param populationSize     individuals per generation
 * @param generations        generations evolved
 * @param crossoverRate      probability of interpolating crossover per pair
 * @param mutationRate       probability of Gaussian mutation per gene
 */
public record GeneticSearch(int populationSize, int generations, double crossoverRate, double mutationRate) {

    public GeneticSearch {
        if (populationSize < 2 || generations < 1) {
            throw new IllegalArgumentException("need a population of at least 2 and at least 1 generation");
        }
    }

    /** Defaults near RAFIKI's budget (~3,500 surrogate evaluations). */
    public static GeneticSearch defaults() {
        return new GeneticSearch(50, 80, 0.6, 0.15);
    }

    public SearchResult run(SearchProblem problem, long seed) {
        long before = problem.evaluations();
        Engine<DoubleGene, Fitness> engine = Engine
                .builder((Genotype<DoubleGene> g) -> problem.evaluate(genes(g)).fitness(),
                        Genotype.of(DoubleChromosome.of(0, 1, problem.dimension())))
                .populationSize(populationSize)
                .executor(Runnable::run)
                .selector(new TournamentSelector<>(3))
                .alterers(new InterpolatingCrossover<>(crossoverRate), new GaussianMutator<>(mutationRate))
                .build();
        EvolutionResult<DoubleGene, Fitness> result = RandomRegistry.with(new Random(seed),
                r -> engine.stream().limit(generations).collect(EvolutionResult.toBestEvolutionResult()));
        Phenotype<DoubleGene, Fitness> best = result.bestPhenotype();
        Candidate candidate = problem.evaluate(genes(best.genotype()));
        return new SearchResult(candidate, problem.evaluations() - before - 1, result.totalGenerations());
    }

    private static double[] genes(Genotype<DoubleGene> genotype) {
        return genotype.chromosome().as(DoubleChromosome.class).toArray();
    }
}
