package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An approval policy as an operator writes it (over REST or in the UI's form): every limit left out
 * takes the default of {@link ApprovalPolicy#manual()}. {@link #parse()} gives the policy or every
 * problem, keyed by the field it belongs to, so that a form can show each next to its field and the
 * REST API can list them all in one 400.
 *
 * <pre>{@code
 * PolicyInput.Parsed p = new PolicyInput(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), 0.05, null, null, 2, Optional.empty()).parse();
 * p.policy();   // Optional[auto ...], or empty with p.errors() = {"maxChangesPerDay": "maxChangesPerDay must be within ..."}
 * }</pre>
 */
public record PolicyInput(ApprovalMode mode, Set<ApplyMode> allowedTiers, Double minPredictedGain, Double minLowerBound,
                          Boolean insideDataRegionOnly, Integer maxChangesPerDay, Optional<Window> window) {

    /** Field keys of {@link Parsed#errors()}; the names of the REST body's fields. */
    public static final String TIERS = "allowedTiers";
    public static final String GAIN = "minPredictedGain";
    public static final String LOWER = "minLowerBound";
    public static final String PER_DAY = "maxChangesPerDay";
    public static final String DAYS = "maintenanceWindow.days";
    public static final String TIMES = "maintenanceWindow.times";
    public static final String ZONE = "maintenanceWindow.zone";

    /** A maintenance window as written: days, start and end as HH:mm, an IANA zone (blank: UTC). */
    public record Window(Set<DayOfWeek> days, String start, String end, String zone) {
    }

    /** The policy, or (empty) every problem by field, in the order of the fields. */
    public record Parsed(Optional<ApprovalPolicy> policy, Map<String, String> errors) {
    }

    public Parsed parse() {
        ApprovalPolicy d = ApprovalPolicy.manual();
        Set<ApplyMode> tiers = allowedTiers == null ? d.allowedTiers() : allowedTiers;
        double gain = minPredictedGain == null ? d.minPredictedGain() : minPredictedGain;
        double lower = minLowerBound == null ? d.minLowerBound() : minLowerBound;
        int perDay = maxChangesPerDay == null ? d.maxChangesPerDay() : maxChangesPerDay;
        Map<String, String> errors = new LinkedHashMap<>();
        for (String violation : ApprovalPolicy.violations(tiers, gain, lower, perDay)) {
            // each violation starts with the name of the field it is about
            String field = List.of(TIERS, GAIN, LOWER, PER_DAY).stream().filter(violation::startsWith).findFirst().orElse(TIERS);
            errors.merge(field, violation, (a, b) -> a + "; " + b);
        }
        Optional<MaintenanceWindow> parsedWindow = Optional.empty();
        if (window.isPresent()) {
            parsedWindow = window(window.get(), errors);
        }
        if (!errors.isEmpty()) {
            return new Parsed(Optional.empty(), errors);
        }
        return new Parsed(Optional.of(new ApprovalPolicy(mode, tiers, gain, lower,
                insideDataRegionOnly == null ? d.insideDataRegionOnly() : insideDataRegionOnly, perDay, parsedWindow)), Map.of());
    }

    /** The policy. @throws IllegalArgumentException naming every problem (a 400 over REST) */
    public ApprovalPolicy require() {
        Parsed parsed = parse();
        if (parsed.policy().isEmpty()) {
            throw new IllegalArgumentException("invalid approval policy: " + String.join("; ", parsed.errors().values()));
        }
        return parsed.policy().get();
    }

    private static Optional<MaintenanceWindow> window(Window w, Map<String, String> errors) {
        List<String> problems = new ArrayList<>();
        if (w.days() == null || w.days().isEmpty()) {
            errors.put(DAYS, "maintenanceWindow needs at least one day");
        }
        LocalTime start = null;
        LocalTime end = null;
        try {
            start = LocalTime.parse(w.start() == null ? "" : w.start().strip());
            end = LocalTime.parse(w.end() == null ? "" : w.end().strip());
        } catch (DateTimeParseException e) {
            problems.add("maintenanceWindow start and end must be times of day as HH:mm, were " + w.start() + " and " + w.end());
        }
        if (start != null && end != null && start.equals(end)) {
            problems.add("maintenanceWindow start and end must differ, both were " + start);
        }
        if (!problems.isEmpty()) {
            errors.put(TIMES, String.join("; ", problems));
        }
        ZoneId zone = null;
        try {
            zone = w.zone() == null || w.zone().isBlank() ? ZoneId.of("UTC") : ZoneId.of(w.zone().strip());
        } catch (DateTimeException e) {
            errors.put(ZONE, "maintenanceWindow zone must be an IANA time zone such as Europe/Berlin, was " + w.zone());
        }
        if (errors.containsKey(DAYS) || start == null || end == null || start.equals(end) || zone == null) {
            return Optional.empty();
        }
        return Optional.of(new MaintenanceWindow(Set.copyOf(w.days()), start, end, zone));
    }
}
