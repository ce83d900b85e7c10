package dev.ctuner.advisor.core.simulation;

/**
 * The score of one policy on one trace: operations served (Eq. 7 minus Eq. 8 losses, with the true
 * throughput model), how many reconfigurations it made and the operations they cost.
 *
 * <pre>{@code
 * r.operations() / defaultResult.operations() - 1;   // gain over Default
 * }</pre>
 */
public record PolicyResult(String policy, double operations, int reconfigurations, double lostOperations) {
}
