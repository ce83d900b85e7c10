package dev.ctuner.advisor.store;

/** Who put a recommendation forward. */
public enum Origin {
    /** Submitted by an operator through the REST API. */
    OPERATOR,
    /** Proposed by the advisor's learning and search. */
    ADVISOR
}
