package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.observation.ObservationService.TimeRange;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The query parameters of the observation endpoints, checked together: every bad parameter is
 * reported by name (a 400 problem), nothing is half-read.
 *
 * <pre>{@code
 * ObservationParameters p = new ObservationParameters(now);
 * TimeRange range = p.range(from, to);          // to defaults to now, from to one hour before to
 * int limit = p.limit(limitText);
 * p.throwIfInvalid();
 * }</pre>
 */
final class ObservationParameters {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    static final Duration DEFAULT_SPAN = Duration.ofHours(1);
    static final long MAX_STEPS = 10_000;

    private final Instant now;
    private final List<InputViolation> violations = new ArrayList<>();

    ObservationParameters(Instant now) {
        this.now = now;
    }

    /** [from, to): {@code to} defaults to now, {@code from} to one hour before {@code to}; from must be before to. */
    TimeRange range(String fromText, String toText) {
        Instant to = instant("to", toText, now);
        Instant from = instant("from", fromText, to == null ? null : to.minus(DEFAULT_SPAN));
        if (from != null && to != null && !from.isBefore(to)) {
            violations.add(new InputViolation("from", "NOT_BEFORE_TO", fromText == null ? from.toString() : fromText,
                    "an instant before to (" + to + ")", "from (" + from + ") must be before to (" + to + ")"));
        }
        return from == null || to == null || !from.isBefore(to) ? null : new TimeRange(from, to);
    }

    int limit(String text) {
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(text.strip());
            if (limit >= 1 && limit <= MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        violations.add(new InputViolation("limit", "OUT_OF_RANGE", text, "a whole number from 1 to " + MAX_LIMIT,
                "limit must be a whole number from 1 to " + MAX_LIMIT + " but was '" + text + "'"));
        return DEFAULT_LIMIT;
    }

    /** A step such as {@code 30s} or {@code PT1M}: whole seconds, at least 1 s, at most {@link #MAX_STEPS} in the range. */
    Duration step(String text, Duration fallback, TimeRange range) {
        Duration step = fallback;
        if (text != null) {
            step = duration(text.strip());
            if (step == null || step.toMillis() < 1000 || step.toMillis() % 1000 != 0) {
                violations.add(new InputViolation("step", "INVALID", text, "whole seconds, at least 1s (30s, 5m, PT1M)",
                        "step must be a whole number of seconds, at least 1s, but was '" + text + "'"));
                return fallback;
            }
        }
        if (range != null && Duration.between(range.from(), range.to()).dividedBy(step) > MAX_STEPS) {
            violations.add(new InputViolation("from", "TOO_MANY_STEPS", range.from().toString(),
                    "a range of at most " + MAX_STEPS + " steps of " + step,
                    "from " + range.from() + " to " + range.to() + " holds more than " + MAX_STEPS + " steps of " + step
                            + "; narrow the range or raise step"));
        }
        return step;
    }

    String node(String text) {
        if (text != null && (text.isBlank() || !text.strip().equals(text))) {
            violations.add(new InputViolation("node", "INVALID", text, "a node id without surrounding whitespace",
                    "node must be a node id without surrounding whitespace but was '" + text + "'"));
            return null;
        }
        return text;
    }

    void throwIfInvalid() {
        if (!violations.isEmpty()) {
            throw new InvalidInputException(violations);
        }
    }

    private Instant instant(String name, String text, Instant fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Instant.parse(text.strip());
        } catch (DateTimeParseException e) {
            violations.add(new InputViolation(name, "MALFORMED_TIME", text, "an ISO-8601 instant such as 2026-12-01T10:00:00Z",
                    name + " must be an ISO-8601 instant such as 2026-12-01T10:00:00Z but was '" + text + "'"));
            return null;
        }
    }

    private static Duration duration(String text) {
        try {
            if (text.toUpperCase(java.util.Locale.ROOT).startsWith("P")) {
                return Duration.parse(text);
            }
            long amount = Long.parseLong(text.substring(0, text.length() - 1));
            return switch (text.charAt(text.length() - 1)) {
                case 's' -> Duration.ofSeconds(amount);
                case 'm' -> Duration.ofMinutes(amount);
                case 'h' -> Duration.ofHours(amount);
                case 'd' -> Duration.ofDays(amount);
                default -> null;
            };
        } catch (RuntimeException malformed) {
            return null;
        }
    }
}
