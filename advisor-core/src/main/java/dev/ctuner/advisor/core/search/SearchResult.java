package dev.ctuner.advisor.core.search;

/**
 * The best candidate a search found and what it cost.
 *
 * <pre>{@code
 * SearchResult r = new GeneticSearch(50, 60, 0.6, 0.15).run(problem, 42);
 * r.best().fitness().value();
 * r.evaluations();   // surrogate evaluations used
 * }</pre>
 */
public record SearchResult(Candidate best, long evaluations, long generations) {
}
