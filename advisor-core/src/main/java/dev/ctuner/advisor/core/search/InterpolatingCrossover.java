package dev.ctuner.advisor.core.search;

import io.jenetics.Crossover;
import io.jenetics.DoubleGene;
import io.jenetics.util.MSeq;
import io.jenetics.util.RandomRegistry;
import java.util.random.RandomGenerator;

/**
 * RAFIKI's crossover (§3.1 step 5): children are random-weighted averages of the parents, gene by
 * gene, so the search interpolates inside the population instead of extrapolating. For each gene
 * r ~ U(0, 1), child₁ = r·a + (1−r)·b and child₂ = (1−r)·a + r·b. (The paper's worked example
 * divides by 2 and mixes operands; that is not a convex interpolation, and we implement the
 * interpolation the text describes.) Randomness comes from Jenetics' {@link RandomRegistry}, which
 * the search scopes to a seeded generator.
 *
 * <pre>{@code
 * Engine.builder(fitness, genotype).alterers(new InterpolatingCrossover<>(0.6), new GaussianMutator<>(0.1));
 * }</pre>
 */
public final class InterpolatingCrossover<C extends Comparable<? super C>> extends Crossover<DoubleGene, C> {

    /** @param probability chance that a selected pair of individuals is recombined */
    public InterpolatingCrossover(double probability) {
        super(probability);
    }

    @Override
    protected int crossover(MSeq<DoubleGene> that, MSeq<DoubleGene> other) {
        RandomGenerator random = RandomRegistry.random();
        for (int i = 0; i < Math.min(that.length(), other.length()); i++) {
            double a = that.get(i).doubleValue();
            double b = other.get(i).doubleValue();
            double r = random.nextDouble();
            that.set(i, that.get(i).newInstance(r * a + (1 - r) * b));
            other.set(i, other.get(i).newInstance((1 - r) * a + r * b));
        }
        return 2;
    }
}
