package dev.ctuner.advisor.core.racing;

/**
 * One experiment a tuner asks for: run {@code candidate} on {@code instance} and report the value.
 *
 * <pre>{@code
 * for (Evaluation e : tuner.nextRequests()) {
 *     tuner.report(e.candidate().id(), e.instance().index(), measure(e.candidate().configuration(), e.instance()));
 * }
 * }</pre>
 */
public record Evaluation(Candidate candidate, Instance instance) {
}
