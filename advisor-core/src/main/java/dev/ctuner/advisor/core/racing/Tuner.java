package dev.ctuner.advisor.core.racing;

import java.util.List;
import java.util.Optional;

/**
 * A tuner driven by results: it says which experiments it wants and moves on when they are
 * reported. Larger values are better (throughput); report {@code -cost} to minimise a cost. Every
 * random choice comes from the generator given at construction and happens only once all results
 * of a step are in, so a tuner built again with the same arguments and fed the same results (in
 * any order within a step; the order they were first reported always works) reaches the same state:
 * that is how a campaign resumes from its CSV.
 *
 * <pre>{@code
 * Tuner t = IteratedRace.start(space, settings, List.of(Map.of()), List.of("read=0.5"), new SplittableRandom(1));
 * while (!t.finished()) {
 *     for (Evaluation e : t.nextRequests()) {
 *         t.report(e.candidate().id(), e.instance().index(), measure(e));
 *     }
 * }
 * t.best();
 * }</pre>
 */
public interface Tuner {

    /** The experiments wanted now and not yet reported; empty once finished. */
    List<Evaluation> nextRequests();

    /**
     * Feeds back one result of {@link #nextRequests()}.
     *
     * @throws IllegalArgumentException if it was not requested, was reported already, or is not finite
     */
    void report(int candidate, int instance, double value);

    boolean finished();

    /** Experiments reported so far (each is one unit of the budget). */
    int experiments();

    /** The best candidate so far (the first elite once finished); empty before any ranking exists. */
    Optional<Candidate> best();

    /** Every candidate created so far, by id. */
    List<Candidate> candidates();
}
