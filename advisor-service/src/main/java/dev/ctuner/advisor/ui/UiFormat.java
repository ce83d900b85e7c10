package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Formatting for the templates, as {@code ${@fmt.…}}: ages, percentages, gains with their interval,
 * what a cost tier means for the nodes. Times are written in UTC here; the browser rewrites them in
 * its own time zone (ui.js) and keeps UTC in the title.
 *
 * <pre>{@code
 * fmt.gain(new GainEstimate(0.08, 0.03, 0.13));   // "+8.0 % (between +3.0 % and +13.0 %)"
 * }</pre>
 */
@Component("fmt")
public class UiFormat {

    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private final Clock clock;

    public UiFormat(Clock clock) {
        this.clock = clock;
    }

    /** "2026-12-06 21:40:00 UTC"; "—" for none. */
    public String utc(Instant at) {
        return at == null ? "—" : UTC.format(at);
    }

    /** ISO-8601 for {@code datetime} attributes. */
    public String iso(Instant at) {
        return at == null ? "" : at.toString();
    }

    /** How long ago, coarsely: "4 s ago", "3 min ago", "2 h ago", "5 d ago". */
    public String age(Instant at) {
        if (at == null) {
            return "never";
        }
        Duration d = Duration.between(at, clock.instant());
        if (d.isNegative()) {
            return "just now";
        }
        return duration(d) + " ago";
    }

    public String duration(Duration d) {
        long s = d.toSeconds();
        if (s < 120) {
            return s + " s";
        }
        if (s < 7200) {
            return s / 60 + " min";
        }
        if (s < 172_800) {
            return s / 3600 + " h";
        }
        return s / 86_400 + " d";
    }

    /** How long something took: "850 ms", "3.8 s", "2 min 5 s". */
    public String took(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 120_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return millis / 60_000 + " min " + (millis % 60_000) / 1000 + " s";
    }

    /** Whether a heartbeat at {@code at} is older than {@code maxAgeSeconds}. */
    public boolean stale(Instant at, long maxAgeSeconds) {
        return at == null || at.isBefore(clock.instant().minusSeconds(maxAgeSeconds));
    }

    /** 0.083 → "+8.3 %". */
    public String signedPercent(double share) {
        return String.format(Locale.ROOT, "%+.1f %%", share * 100);
    }

    /** 0.72 → "72 %"; "—" for none. */
    public String percent(Double share) {
        return share == null ? "—" : String.format(Locale.ROOT, "%.0f %%", share * 100);
    }

    /** Micros as milliseconds: 1500.0 → "1.5 ms"; "—" for none. */
    public String millis(Double micros) {
        return micros == null ? "—" : String.format(Locale.ROOT, "%.1f ms", micros / 1000);
    }

    public String rate(double opsPerSecond) {
        return String.format(Locale.ROOT, "%,.0f ops/s", opsPerSecond);
    }

    public String number(Number n) {
        return n == null ? "—" : String.format(Locale.ROOT, "%,d", n.longValue());
    }

    /** "+8.0 % (between +3.0 % and +13.0 %)". */
    public String gain(GainEstimate g) {
        return signedPercent(g.expected()) + " (between " + signedPercent(g.lower()) + " and " + signedPercent(g.upper()) + ")";
    }

    /** What applying a change of this tier does to the nodes. */
    public String tierMeaning(ApplyMode tier) {
        return tierMeaningOf(tier);
    }

    static String tierMeaningOf(ApplyMode tier) {
        return switch (tier) {
            case LIVE -> "applied live over JMX, node by node; nothing restarts";
            case SCHEMA -> "one ALTER TABLE per table, carried out once; nothing restarts";
            case RESTART -> "each node restarts with the new cassandra.yaml, one round at a time";
            case BOOTSTRAP -> "only takes effect on a new node; never changed on a running cluster";
        };
    }
}
