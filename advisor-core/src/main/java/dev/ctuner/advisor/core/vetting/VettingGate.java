package dev.ctuner.advisor.core.vetting;

import java.util.List;

/**
 * One check a recommendation must pass before an operator may approve it. Pure: returns every
 * failure, never only the first.
 *
 * <pre>{@code
 * List<GateFailure> failures = new GainGate().check(candidate, policy);
 * }</pre>
 */
@FunctionalInterface
public interface VettingGate {

    List<GateFailure> check(Candidate candidate, VettingPolicy policy);
}
