package dev.ctuner.advisor.ingest;

/** Where input the advisor cannot use goes, with the reason: {@code <prefix>.dlq}. */
public interface DeadLetters {

    /**
     * Parks one record. Must not throw: a dead letter that cannot be written is logged and counted
     * by the implementation, never allowed to stop ingestion.
     */
    void park(String sourceTopic, String key, byte[] value, String reason);
}
