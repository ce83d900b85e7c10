package dev.ctuner.common.catalog;

import java.util.List;
import java.util.Map;

/**
 * Settings Cassandra 5.0 refuses to find together in cassandra.yaml, whatever their values: a yaml
 * edit that sets the one must delete the other, or the node does not start. The shipped yaml sets
 * {@code commitlog_sync_period: 10000ms}; with {@code commitlog_sync: batch} (or {@code group}) beside
 * it startup fails with "Batch sync specified, but commitlog_sync_period found" (seen on 5.0.9 in the
 * screening campaign, 2026-11-25). The reverse direction (back to {@code periodic}, which needs a
 * period) is not covered: {@code commitlog_sync} is excluded from tuning, so only an experiment sets
 * it, on a yaml restored from the pristine copy that has the period.
 */
public final class ExclusiveSettings {

    private static final List<String> SYNC_PERIOD = List.of("commitlog_sync_period", "commitlog_sync_period_in_ms");

    private ExclusiveSettings() {
    }

    /** The yaml keys (both spellings where there are two) that must leave the yaml when {@code settings} are set. */
    public static List<String> displacedBy(Map<String, String> settings) {
        String sync = settings.get("commitlog_sync");
        if (sync != null && (sync.strip().equals("batch") || sync.strip().equals("group"))) {
            return SYNC_PERIOD.stream().filter(k -> !settings.containsKey(k)).toList();
        }
        return List.of();
    }
}
