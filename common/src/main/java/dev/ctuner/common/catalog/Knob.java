package dev.ctuner.common.catalog;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One tunable Cassandra setting: what it is called (now and before 4.1), its type, domain, unit,
 * scope, how a change is applied, its default, whether it is tuned by default, and which papers
 * tuned it. Build with {@link #builder(String)}.
 *
 * <pre>{@code
 * Knob k = Knob.builder("compaction_throughput").legacy("compaction_throughput_mb_per_sec", Unit.MEBIBYTES_PER_SECOND)
 *     .integer(Bound.of(0), Bound.of(1024)).unit(Unit.MEBIBYTES_PER_SECOND).live().defaultValue(64)
 *     .sources(Source.IRACE).describe("...").build();
 * k.format(KnobValue.of(64));   // "64MiB/s"
 * k.parse("1GiB/s");            // IntValue(1024)
 * }</pre>
 */
public record Knob(
        KnobName name,
        Optional<String> legacyName,
        Unit legacyUnit,
        ValueType type,
        Domain domain,
        Unit unit,
        Scope scope,
        ApplyMode applyMode,
        DefaultValue defaultValue,
        Optional<String> excludedBecause,
        Set<Source> sources,
        String since,
        boolean restartToEnableFromZero,
        String description) {

    private static final Pattern QUANTITY = Pattern.compile("\\s*(-?\\d+(?:\\.\\d+)?)\\s*([A-Za-z/]*)\\s*");
    private static final double REAL_TOLERANCE = 1e-6;

    public Knob {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(legacyName, "legacyName");
        Objects.requireNonNull(legacyUnit, "legacyUnit");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(applyMode, "applyMode");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(excludedBecause, "excludedBecause");
        sources = Set.copyOf(sources);
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(description, "description");
        boolean consistent = switch (type) {
            case INTEGER -> domain instanceof Domain.IntegerRange;
            case REAL -> domain instanceof Domain.RealRange;
            case BOOLEAN -> domain instanceof Domain.BooleanDomain;
            case ENUM -> domain instanceof Domain.Choices;
        };
        if (!consistent) {
            throw new IllegalArgumentException(name + ": type " + type + " does not fit domain " + domain.getClass().getSimpleName());
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** True for security, networking, consistency and data-risking settings: tuned only when an operator opts in. */
    public boolean excludedByDefault() {
        return excludedBecause.isPresent();
    }

    /** The mode a change from {@code from} to {@code to} needs (the row cache can only be resized live once it exists). */
    public ApplyMode applyModeFor(KnobValue from, KnobValue to) {
        if (restartToEnableFromZero && from instanceof KnobValue.IntValue f && f.value() == 0
                && to instanceof KnobValue.IntValue t && t.value() != 0) {
            return ApplyMode.RESTART;
        }
        return applyMode;
    }

    /** Parses a value spelled with the 5.0 name ({@code 64MiB/s}; a bare number is in the knob's unit). */
    public KnobValue parse(String text) {
        return parse(text, unit);
    }

    /** Parses a value given under the legacy name ({@code compaction_throughput_mb_per_sec: 64}). */
    public KnobValue parseLegacy(String text) {
        return parse(text, legacyUnit);
    }

    private KnobValue parse(String text, Unit bareUnit) {
        Objects.requireNonNull(text, "text");
        return switch (type) {
            case INTEGER -> KnobValue.of(parseWhole(text, bareUnit));
            case REAL -> KnobValue.of(parseReal(text));
            case BOOLEAN -> KnobValue.of(parseBoolean(text));
            case ENUM -> KnobValue.of(((Domain.Choices) domain).match(text).orElseThrow(() ->
                    new IllegalArgumentException("'" + text + "' is not one of " + ((Domain.Choices) domain).values())));
        };
    }

    private long parseWhole(String text, Unit bareUnit) {
        Matcher m = QUANTITY.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a number" + (unit == Unit.NONE ? "" : " with a unit such as " + unit.spell(16)));
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        Unit given = bareUnit;
        if (!m.group(2).isEmpty()) {
            given = Unit.bySymbol(unit.family(), m.group(2)).orElseThrow(() -> new IllegalArgumentException(
                    "unit '" + m.group(2) + "' in '" + text + "' does not fit " + name + ", which is measured in "
                            + (unit == Unit.NONE ? "plain numbers" : unit.symbol())));
        }
        if (given == Unit.MEGABITS_PER_SECOND) {
            // Legacy megabit rates never divide evenly into MiB/s (24 MiB/s = 201.3 Mbit/s): round, as a person would.
            amount = BigDecimal.valueOf(Math.round(amount.doubleValue() * 125_000 / 1_048_576.0));
            given = Unit.MEBIBYTES_PER_SECOND;
        }
        Unit from = given;
        return unit.convert(amount, from).orElseThrow(() -> new IllegalArgumentException(
                "'" + text + "' is not a whole number of " + (unit == Unit.NONE ? "units" : unit.symbol())));
    }

    private static double parseReal(String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (!Double.isFinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a real number");
        }
    }

    private static boolean parseBoolean(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("true")) {
            return true;
        }
        if (t.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("'" + text + "' is not true or false");
    }

    /** The value as cassandra.yaml 5.0 (or CQL, for table options) spells it: {@code 64MiB/s}, {@code 0.01}, {@code big}. */
    public String format(KnobValue value) {
        checkType(value);
        if (value instanceof KnobValue.IntValue i) {
            return unit.spell(i.value());
        }
        if (value instanceof KnobValue.RealValue r) {
            return BigDecimal.valueOf(r.value()).stripTrailingZeros().toPlainString();
        }
        return value.text();
    }

    /** Equal values; reals within a relative 1e-6, since Cassandra reports floats (0.33333334). */
    public boolean sameValue(KnobValue a, KnobValue b) {
        if (a instanceof KnobValue.RealValue x && b instanceof KnobValue.RealValue y) {
            return Math.abs(x.value() - y.value()) <= REAL_TOLERANCE * Math.max(1.0, Math.abs(x.value()));
        }
        return a.equals(b);
    }

    /** Why the value is illegal on this node, or empty. */
    public Optional<String> check(KnobValue value, NodeFacts facts) {
        if (!fits(value)) {
            return Optional.of("a " + value.getClass().getSimpleName() + " given for a " + type + " knob");
        }
        if (value instanceof KnobValue.IntValue i) {
            return ((Domain.IntegerRange) domain).check(i.value(), facts);
        }
        if (value instanceof KnobValue.RealValue r) {
            return ((Domain.RealRange) domain).check(r.value(), facts);
        }
        if (value instanceof KnobValue.EnumValue e && !((Domain.Choices) domain).values().contains(e.value())) {
            return Optional.of("not one of " + domain.describe(facts));
        }
        return Optional.empty();
    }

    private boolean fits(KnobValue value) {
        return switch (type) {
            case INTEGER -> value instanceof KnobValue.IntValue;
            case REAL -> value instanceof KnobValue.RealValue;
            case BOOLEAN -> value instanceof KnobValue.BoolValue;
            case ENUM -> value instanceof KnobValue.EnumValue;
        };
    }

    private void checkType(KnobValue value) {
        if (!fits(value)) {
            throw new IllegalArgumentException(name + " takes " + type + " values, not " + value);
        }
    }

    /** Fluent construction of a {@link Knob}; unset fields get safe defaults (NODE scope, RESTART, tuned). */
    public static final class Builder {
        private final KnobName name;
        private Optional<String> legacyName = Optional.empty();
        private Unit legacyUnit;
        private ValueType type;
        private Domain domain;
        private Unit unit = Unit.NONE;
        private Scope scope = Scope.NODE;
        private ApplyMode applyMode = ApplyMode.RESTART;
        private DefaultValue defaultValue;
        private Optional<String> excludedBecause = Optional.empty();
        private Set<Source> sources = EnumSet.of(Source.EXTRA);
        private String since = "4.1";
        private boolean restartToEnableFromZero;
        private String description = "";

        private Builder(String name) {
            this.name = KnobName.of(name);
        }

        public Builder legacy(String legacy, Unit unitOfLegacyValues) {
            this.legacyName = Optional.of(legacy);
            this.legacyUnit = unitOfLegacyValues;
            return this;
        }

        public Builder integer(Bound min, Bound max) {
            return integer(min, max, 1, Domain.Scale.LINEAR);
        }

        public Builder integer(Bound min, Bound max, long step, Domain.Scale scale) {
            this.type = ValueType.INTEGER;
            this.domain = new Domain.IntegerRange(min, max, step, scale, false);
            return this;
        }

        public Builder powersOfTwo(long min, long max) {
            this.type = ValueType.INTEGER;
            this.domain = new Domain.IntegerRange(Bound.of(min), Bound.of(max), 1, Domain.Scale.LOG, true);
            return this;
        }

        public Builder real(double min, double max, Domain.Scale scale) {
            this.type = ValueType.REAL;
            this.domain = new Domain.RealRange(Bound.of(min), Bound.of(max), 0, scale);
            return this;
        }

        public Builder bool() {
            this.type = ValueType.BOOLEAN;
            this.domain = new Domain.BooleanDomain();
            return this;
        }

        public Builder choices(String... values) {
            this.type = ValueType.ENUM;
            this.domain = new Domain.Choices(java.util.List.of(values));
            return this;
        }

        public Builder unit(Unit unit) {
            this.unit = unit;
            return this;
        }

        public Builder scope(Scope scope) {
            this.scope = scope;
            return this;
        }

        public Builder live() {
            this.applyMode = ApplyMode.LIVE;
            return this;
        }

        public Builder schema() {
            this.applyMode = ApplyMode.SCHEMA;
            return this;
        }

        public Builder bootstrap() {
            this.applyMode = ApplyMode.BOOTSTRAP;
            return this;
        }

        /** Live once enabled, but going from 0 to a size needs a restart (the row cache). */
        public Builder liveOnceEnabled() {
            this.applyMode = ApplyMode.LIVE;
            this.restartToEnableFromZero = true;
            return this;
        }

        public Builder defaultValue(long value) {
            return defaultValue(new DefaultValue.Fixed(KnobValue.of(value)));
        }

        public Builder defaultValue(double value) {
            return defaultValue(new DefaultValue.Fixed(KnobValue.of(value)));
        }

        public Builder defaultValue(boolean value) {
            return defaultValue(new DefaultValue.Fixed(KnobValue.of(value)));
        }

        public Builder defaultValue(String choice) {
            return defaultValue(new DefaultValue.Fixed(KnobValue.of(choice)));
        }

        public Builder defaultValue(DefaultValue value) {
            this.defaultValue = value;
            return this;
        }

        public Builder excluded(String reason) {
            this.excludedBecause = Optional.of(reason);
            return this;
        }

        public Builder sources(Source first, Source... rest) {
            this.sources = EnumSet.of(first, rest);
            return this;
        }

        public Builder since(String version) {
            this.since = version;
            return this;
        }

        public Builder describe(String text) {
            this.description = text;
            return this;
        }

        public Knob build() {
            Objects.requireNonNull(type, () -> name + ": no type/domain given");
            Objects.requireNonNull(defaultValue, () -> name + ": no default given");
            return new Knob(name, legacyName, legacyUnit == null ? unit : legacyUnit, type, domain, unit, scope,
                    applyMode, defaultValue, excludedBecause, sources, since, restartToEnableFromZero, description);
        }
    }
}
