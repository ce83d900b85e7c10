package dev.ctuner.sidecar.bench;

import java.util.concurrent.CompletionStage;

/**
 * Sends one operation and completes when it is done (exceptionally on failure). The CQL
 * implementation is {@link CqlOperationExecutor}; tests use in-memory ones.
 */
interface OperationExecutor {

    CompletionStage<Void> execute(Operation operation);
}
