package dev.ctuner.sidecar.act;

import dev.ctuner.common.protocol.message.RejectionCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What happened to the commands addressed to this node, as Prometheus counters
 * ({@code ctuner_sidecar_commands_*_total}). Every counter, including one per refusal reason, is
 * registered at start with 0, so an alert on {@code increase(...)} has a series from the first scrape.
 *
 * <pre>{@code
 * CommandMeters meters = new CommandMeters(registry);
 * meters.refused(RejectionCode.EXPIRED);
 * }</pre>
 */
public final class CommandMeters {

    private final Counter received;
    private final Counter applied;
    private final Counter rolledBack;
    private final Counter failed;
    private final Map<RejectionCode, Counter> refused = new EnumMap<>(RejectionCode.class);

    public CommandMeters(MeterRegistry registry) {
        this.received = Counter.builder("ctuner.sidecar.commands.received")
                .description("commands addressed to this node (valid or not, replays included)").register(registry);
        this.applied = Counter.builder("ctuner.sidecar.commands.applied")
                .description("commands carried out to the end (the node healthy with the change)").register(registry);
        this.rolledBack = Counter.builder("ctuner.sidecar.commands.rolled.back")
                .description("commands whose change was undone because the node did not come back healthy").register(registry);
        this.failed = Counter.builder("ctuner.sidecar.commands.failed")
                .description("commands that failed without a rollback").register(registry);
        for (RejectionCode code : RejectionCode.values()) {
            refused.put(code, Counter.builder("ctuner.sidecar.commands.refused").tag("reason", code.name().toLowerCase(Locale.ROOT))
                    .description("commands refused before anything changed, by reason").register(registry));
        }
    }

    void received() {
        received.increment();
    }

    void refused(RejectionCode code) {
        refused.get(code).increment();
    }

    void applied() {
        applied.increment();
    }

    void rolledBack() {
        rolledBack.increment();
    }

    void failed() {
        failed.increment();
    }
}
