package dev.ctuner.advisor.core.tuning;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * When automatic changes may start: on the given days, between two times of day in a time zone. A
 * window whose end is before its start crosses midnight and belongs to the day it starts on
 * (Saturday 22:00-04:00 includes Sunday 03:00).
 *
 * <pre>{@code
 * new MaintenanceWindow(Set.of(DayOfWeek.SATURDAY), LocalTime.of(22, 0), LocalTime.of(4, 0), ZoneId.of("Europe/Berlin"))
 *         .contains(instant);
 * }</pre>
 */
public record MaintenanceWindow(Set<DayOfWeek> days, LocalTime start, LocalTime end, ZoneId zone) {

    public MaintenanceWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(zone, "zone");
        if (days == null || days.isEmpty()) {
            throw new IllegalArgumentException("a maintenance window needs at least one day");
        }
        if (start.equals(end)) {
            throw new IllegalArgumentException("a maintenance window needs start and end to differ, both were " + start);
        }
        days = Set.copyOf(EnumSet.copyOf(days));
    }

    /** Whether {@code at} falls inside the window. */
    public boolean contains(Instant at) {
        ZonedDateTime local = at.atZone(zone);
        LocalTime time = local.toLocalTime();
        DayOfWeek day = local.getDayOfWeek();
        if (start.isBefore(end)) {
            return days.contains(day) && !time.isBefore(start) && time.isBefore(end);
        }
        // crosses midnight: the evening part belongs to today, the morning part to yesterday's window
        return (days.contains(day) && !time.isBefore(start)) || (days.contains(day.minus(1)) && time.isBefore(end));
    }

    @Override
    public String toString() {
        return days.stream().sorted().map(d -> d.name().substring(0, 3)).toList() + " " + start + "-" + end + " " + zone;
    }
}
