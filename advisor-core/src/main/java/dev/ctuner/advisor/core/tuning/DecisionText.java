package dev.ctuner.advisor.core.tuning;

import dev.ctuner.advisor.core.vetting.GainEstimate;
import java.util.Locale;

/**
 * How the decider's numbers read in its reasons (operators read them in the loop's decisions).
 *
 * <pre>{@code
 * DecisionText.percent(new GainEstimate(0.02, -0.04, 0.08));   // "2.0% ± 6.0%"
 * DecisionText.duration(1800);                                // "30-minute"
 * }</pre>
 */
final class DecisionText {

    private DecisionText() {
    }

    /** "2.0% ± 6.0%" (the interval's half-width; the interval is symmetric). */
    static String percent(GainEstimate g) {
        return String.format(Locale.ROOT, "%.1f%% ± %.1f%%", 100 * g.expected(), 100 * (g.upper() - g.expected()));
    }

    /** "+3.1%": a share of operations, signed. */
    static String signed(double share) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * share);
    }

    /** "30-minute", "2-hour", "4.7-day", "20-second": whole hours as hours, two days and more in days. */
    static String duration(double seconds) {
        if (seconds >= 2 * 86400) {
            return trim(Math.round(seconds / 8640) / 10.0) + "-day";
        }
        if (seconds >= 3600 && (seconds % 3600 == 0 || seconds >= 3 * 3600)) {
            return trim(Math.round(seconds / 360) / 10.0) + "-hour";
        }
        return seconds >= 60 ? trim(seconds / 60) + "-minute" : trim(seconds) + "-second";
    }

    /** "5%" for 0.05. */
    static String threshold(double share) {
        return trim(100 * share) + "%";
    }

    static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
