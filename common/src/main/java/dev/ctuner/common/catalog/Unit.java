package dev.ctuner.common.catalog;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * Units of Cassandra 5.0 settings and their yaml spelling ({@code 64MiB/s}, {@code 16KiB},
 * {@code 10000ms}). Units of one family convert into each other through a base (bytes, bytes/s,
 * milliseconds).
 */
public enum Unit {
    NONE(Family.NONE, "", 1),
    BYTES(Family.DATA, "B", 1),
    KIBIBYTES(Family.DATA, "KiB", 1024),
    MEBIBYTES(Family.DATA, "MiB", 1024L * 1024),
    GIBIBYTES(Family.DATA, "GiB", 1024L * 1024 * 1024),
    BYTES_PER_SECOND(Family.RATE, "B/s", 1),
    KIBIBYTES_PER_SECOND(Family.RATE, "KiB/s", 1024),
    MEBIBYTES_PER_SECOND(Family.RATE, "MiB/s", 1024L * 1024),
    /** Only for legacy names such as stream_throughput_outbound_megabits_per_sec. */
    MEGABITS_PER_SECOND(Family.RATE, "Mbit/s", 125_000),
    MILLISECONDS(Family.DURATION, "ms", 1),
    SECONDS(Family.DURATION, "s", 1000),
    MINUTES(Family.DURATION, "m", 60_000),
    HOURS(Family.DURATION, "h", 3_600_000),
    DAYS(Family.DURATION, "d", 86_400_000);

    /** Units convert only within a family. */
    public enum Family { NONE, DATA, RATE, DURATION }

    private final Family family;
    private final String symbol;
    private final long baseFactor;

    Unit(Family family, String symbol, long baseFactor) {
        this.family = family;
        this.symbol = symbol;
        this.baseFactor = baseFactor;
    }

    public Family family() {
        return family;
    }

    /** The yaml suffix, e.g. {@code MiB/s}; empty for {@link #NONE}. */
    public String symbol() {
        return symbol;
    }

    /** Spells an amount in this unit the way cassandra.yaml 5.0 writes it: {@code 64MiB/s}. */
    public String spell(long amount) {
        return amount + symbol;
    }

    /**
     * Converts {@code amount} of {@code from} into this unit; empty if the families differ or the
     * result is not a whole number (16 KiB is not a whole number of MiB).
     */
    public Optional<Long> convert(BigDecimal amount, Unit from) {
        if (from.family != family) {
            return Optional.empty();
        }
        BigDecimal inBase = amount.multiply(BigDecimal.valueOf(from.baseFactor));
        BigDecimal[] divided = inBase.divideAndRemainder(BigDecimal.valueOf(baseFactor));
        if (divided[1].signum() != 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(divided[0].longValueExact());
        } catch (ArithmeticException tooLarge) {
            return Optional.empty();
        }
    }

    /** The unit of a yaml suffix within a family ({@code m} is minutes, never metres). */
    public static Optional<Unit> bySymbol(Family family, String symbol) {
        for (Unit unit : values()) {
            if (unit.family == family && unit.symbol.equals(symbol)) {
                return Optional.of(unit);
            }
        }
        return Optional.empty();
    }
}
