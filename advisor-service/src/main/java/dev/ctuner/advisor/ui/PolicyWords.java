package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import java.time.DayOfWeek;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * An approval policy in words, as the confirmation of a policy change states it: who approves,
 * and for automatic approval every condition a proposal must meet.
 *
 * <pre>{@code
 * PolicyWords.of(ApprovalPolicy.manual());   // "Manual: an operator approves every proposal ..."
 * }</pre>
 */
final class PolicyWords {

    private PolicyWords() {
    }

    static String of(ApprovalPolicy p) {
        if (p.mode() == ApprovalMode.MANUAL) {
            return "Manual: an operator approves every proposal of the tuning loop; the advisor approves nothing by itself.";
        }
        StringBuilder s = new StringBuilder("Automatic within limits: the advisor approves a proposal of the tuning loop by itself when ");
        s.append("its cost tier is ").append(p.allowedTiers().stream().sorted().map(Enum::name).collect(Collectors.joining(" or ")))
                .append(", its predicted gain is at least ").append(percent(p.minPredictedGain()))
                .append(" and the lower bound of its interval at least ").append(percent(p.minLowerBound()));
        if (p.insideDataRegionOnly()) {
            s.append(", it lies inside the region of data the model was trained on");
        }
        p.window().ifPresent(w -> s.append(", it is ").append(window(w)));
        s.append(", and it is at most the ").append(ordinal(p.maxChangesPerDay()))
                .append(" proposal approved automatically in any 24 hours. Any other proposal waits for an operator.");
        return s.toString();
    }

    private static String window(MaintenanceWindow w) {
        String days = w.days().stream().sorted().map(PolicyWords::day).collect(Collectors.joining(", "));
        return "inside the maintenance window " + days + " " + w.start() + "–" + w.end() + " (" + w.zone().getId() + ")"
                + (w.end().isBefore(w.start()) ? ", which ends the next morning" : "");
    }

    private static String ordinal(int n) {
        return n == 1 ? "first" : n == 2 ? "second" : n == 3 ? "third" : n + (n % 10 == 1 && n != 11 ? "st" : n % 10 == 2 && n != 12 ? "nd"
                : n % 10 == 3 && n != 13 ? "rd" : "th");
    }

    private static String day(DayOfWeek d) {
        return d.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%+.1f %%", share * 100);
    }
}
