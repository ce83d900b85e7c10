package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.tuning.PolicyInput;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.DayOfWeek;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The approval-policy form as posted: every field as typed, so that a form with errors comes back
 * exactly as it was sent. {@link #parse()} checks what only a form can get wrong (a number that is
 * not one, a day that is not a day, a missing comment) and then the policy's own limits through
 * {@link PolicyInput}, the parsing the REST API uses; every error is keyed by its field.
 *
 * <pre>{@code
 * PolicyForm.Parsed p = form.parse();
 * p.errors().get("minPredictedGain");   // "minPredictedGain must be within [0, 1] (0.05 = +5 %), was 2.0"
 * }</pre>
 *
 * @param insideDataRegionOnly a checkbox: absent when not ticked
 * @param window               a checkbox: only inside a maintenance window
 */
public record PolicyForm(String mode, List<String> tiers, String minPredictedGain, String minLowerBound, Boolean insideDataRegionOnly,
                         String maxChangesPerDay, Boolean window, List<String> windowDays, String windowStart, String windowEnd,
                         String windowZone, String comment) {

    public static final String MODE = "mode";
    public static final String COMMENT = "comment";
    /** Tiers a policy may allow; BOOTSTRAP settings are never changed. */
    public static final List<ApplyMode> TIERS = List.of(ApplyMode.LIVE, ApplyMode.SCHEMA, ApplyMode.RESTART);

    public PolicyForm {
        tiers = tiers == null ? List.of() : List.copyOf(tiers);
        windowDays = windowDays == null ? List.of() : List.copyOf(windowDays);
    }

    /** The form filled with a policy, for editing it; an empty comment. */
    public static PolicyForm of(ApprovalPolicy p) {
        return new PolicyForm(p.mode().name(), p.allowedTiers().stream().sorted().map(Enum::name).toList(), plain(p.minPredictedGain()),
                plain(p.minLowerBound()), p.insideDataRegionOnly(), String.valueOf(p.maxChangesPerDay()), p.window().isPresent(),
                p.window().map(w -> w.days().stream().sorted().map(Enum::name).toList()).orElse(List.of()),
                p.window().map(w -> w.start().toString()).orElse(""), p.window().map(w -> w.end().toString()).orElse(""),
                p.window().map(w -> w.zone().getId()).orElse("UTC"), "");
    }

    /** The policy, or every error by field (keys: {@link PolicyInput}'s, {@link #MODE}, {@link #COMMENT}). */
    public record Parsed(Optional<ApprovalPolicy> policy, Map<String, String> errors) {
    }

    public boolean hasTier(String tier) {
        return tiers.contains(tier);
    }

    public boolean hasDay(String day) {
        return windowDays.contains(day);
    }

    public Parsed parse() {
        Map<String, String> errors = new LinkedHashMap<>();
        ApprovalMode parsedMode = null;
        try {
            parsedMode = ApprovalMode.valueOf(mode == null ? "" : mode);
        } catch (IllegalArgumentException e) {
            errors.put(MODE, "Choose manual or automatic approval.");
        }
        Set<ApplyMode> parsedTiers = EnumSet.noneOf(ApplyMode.class);
        for (String t : tiers) {
            Optional<ApplyMode> tier = TIERS.stream().filter(a -> a.name().equals(t)).findFirst();
            if (tier.isEmpty()) {
                errors.put(PolicyInput.TIERS, "'" + t + "' is not a cost tier a policy may allow (LIVE, SCHEMA, RESTART).");
            }
            tier.ifPresent(parsedTiers::add);
        }
        Double gain = number(minPredictedGain, PolicyInput.GAIN, errors);
        Double lower = number(minLowerBound, PolicyInput.LOWER, errors);
        Integer perDay = null;
        try {
            perDay = Integer.valueOf(maxChangesPerDay == null ? "" : maxChangesPerDay.strip());
        } catch (NumberFormatException e) {
            errors.put(PolicyInput.PER_DAY, "maxChangesPerDay must be a whole number from 1 to " + ApprovalPolicy.MAX_CHANGES_PER_DAY
                    + ", was '" + maxChangesPerDay + "'");
        }
        Optional<PolicyInput.Window> parsedWindow = Optional.empty();
        if (Boolean.TRUE.equals(window)) {
            Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
            for (String d : windowDays) {
                try {
                    days.add(DayOfWeek.valueOf(d.toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    errors.put(PolicyInput.DAYS, "'" + d + "' is not a day of the week.");
                }
            }
            parsedWindow = Optional.of(new PolicyInput.Window(days, windowStart, windowEnd, windowZone));
        }
        String c = comment == null ? "" : comment.strip();
        if (c.isEmpty()) {
            errors.put(COMMENT, "A comment is required: say why. It goes into the audit trail.");
        } else if (c.length() > ActionPages.MAX_COMMENT) {
            errors.put(COMMENT, "The comment is too long (" + c.length() + " characters, at most " + ActionPages.MAX_COMMENT + ").");
        }
        // the policy's own limits, also when a field above failed (its default stands in), so that every error shows at once
        ApprovalPolicy d = ApprovalPolicy.manual();
        PolicyInput.Parsed limits = new PolicyInput(parsedMode == null ? ApprovalMode.MANUAL : parsedMode, parsedTiers,
                gain == null ? d.minPredictedGain() : gain, lower == null ? d.minLowerBound() : lower,
                Boolean.TRUE.equals(insideDataRegionOnly), perDay == null ? d.maxChangesPerDay() : perDay, parsedWindow).parse();
        boolean bothNumbers = gain != null && lower != null;   // "lower bound exceeds gain" only when both were typed as numbers
        limits.errors().forEach((field, message) -> {
            if (!field.equals(PolicyInput.LOWER) || bothNumbers) {
                errors.putIfAbsent(field, message);
            }
        });
        if (errors.isEmpty()) {
            return new Parsed(limits.policy(), Map.of());
        }
        return new Parsed(Optional.empty(), errors);
    }

    private static Double number(String text, String field, Map<String, String> errors) {
        try {
            double d = Double.parseDouble(text == null ? "" : text.strip());
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        errors.put(field, field + " must be a number such as 0.05 (= +5 %), was '" + text + "'");
        return null;
    }

    private static String plain(double d) {
        return java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}
