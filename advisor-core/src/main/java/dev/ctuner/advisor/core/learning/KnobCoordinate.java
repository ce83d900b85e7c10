package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Domain;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One knob's domain mapped onto the unit interval [0, 1], resolved for a node: linear or
 * logarithmic as the catalog's {@link Domain.Scale} says, powers of two by exponent, booleans
 * 0/1, enumerations by choice index. {@link #fromUnit} always returns a legal value (rounded to
 * the step, the nearest power of two, clamped to the bounds), which makes it the repair operator
 * of the genetic search as well.
 *
 * <pre>{@code
 * KnobCoordinate cw = KnobCoordinate.of(catalog.lookup("concurrent_writes").orElseThrow(), facts);
 * cw.toUnit(KnobValue.of(32));   // ≈ 0.625 on the log scale of [2, 256]
 * cw.fromUnit(0.625);            // IntValue[value=32]
 * }</pre>
 */
public final class KnobCoordinate {

    private enum Kind { INTEGER, POWER_OF_TWO, REAL, BOOLEAN, CHOICE }

    private final Knob knob;
    private final Kind kind;
    private final double lo;
    private final double hi;
    private final double step;
    private final boolean log;
    private final double shift;
    private final List<String> choices;

    private KnobCoordinate(Knob knob, Kind kind, double lo, double hi, double step, boolean log, List<String> choices) {
        this.knob = knob;
        this.kind = kind;
        this.lo = lo;
        this.hi = hi;
        this.step = step;
        this.log = log;
        this.shift = log && lo <= 0 ? 1 - lo : 0;   // a log scale over [0, n] works on v + 1
        this.choices = choices;
    }

    /** The coordinate of {@code knob} with its bounds resolved against {@code facts}. */
    public static KnobCoordinate of(Knob knob, NodeFacts facts) {
        Domain domain = knob.domain();
        if (domain instanceof Domain.IntegerRange r) {
            double lo = r.min(facts);
            double hi = Math.max(lo, r.max(facts));
            if (r.powersOfTwo()) {
                double eLo = Math.ceil(log2(Math.max(1, lo)));
                double eHi = Math.max(eLo, Math.floor(log2(Math.max(1, hi))));
                return new KnobCoordinate(knob, Kind.POWER_OF_TWO, eLo, eHi, 1, false, List.of());
            }
            return new KnobCoordinate(knob, Kind.INTEGER, lo, hi, r.step(), r.scale() == Domain.Scale.LOG, List.of());
        }
        if (domain instanceof Domain.RealRange r) {
            double lo = r.min().resolve(facts);
            double hi = Math.max(lo, r.max().resolve(facts));
            return new KnobCoordinate(knob, Kind.REAL, lo, hi, r.step(), r.scale() == Domain.Scale.LOG, List.of());
        }
        if (domain instanceof Domain.BooleanDomain) {
            return new KnobCoordinate(knob, Kind.BOOLEAN, 0, 1, 1, false, List.of("false", "true"));
        }
        List<String> values = ((Domain.Choices) domain).values();
        return new KnobCoordinate(knob, Kind.CHOICE, 0, values.size() - 1, 1, false, values);
    }

    public KnobName name() {
        return knob.name();
    }

    public Knob knob() {
        return knob;
    }

    /** True for enumerations (the encoder may one-hot them). */
    public boolean isChoice() {
        return kind == Kind.CHOICE;
    }

    /** The choices of an enumeration, in catalog order; empty otherwise. */
    public List<String> choices() {
        return kind == Kind.CHOICE ? choices : List.of();
    }

    /** Index of an enumeration value among {@link #choices()}. */
    public int choiceIndex(KnobValue value) {
        int index = choices.indexOf(((KnobValue.EnumValue) value).value());
        if (index < 0) {
            throw new IllegalArgumentException(knob.name() + ": '" + value.text() + "' is not one of " + choices);
        }
        return index;
    }

    /** The value's position in [0, 1]; values outside the domain are clamped. */
    public double toUnit(KnobValue value) {
        switch (kind) {
            case BOOLEAN:
                return ((KnobValue.BoolValue) value).value() ? 1 : 0;
            case CHOICE:
                return choices.size() == 1 ? 0 : choiceIndex(value) / (double) (choices.size() - 1);
            case POWER_OF_TWO:
                return unitOf(log2(Math.max(1, ((KnobValue.IntValue) value).value())), lo, hi);
            case INTEGER:
                return scaled(((KnobValue.IntValue) value).value());
            default:
                return scaled(((KnobValue.RealValue) value).value());
        }
    }

    /** The legal value nearest to position {@code u} (clamped to [0, 1]). */
    public KnobValue fromUnit(double u) {
        double t = Double.isNaN(u) ? 0 : Math.min(1, Math.max(0, u));
        switch (kind) {
            case BOOLEAN:
                return KnobValue.of(t >= 0.5);
            case CHOICE:
                return KnobValue.of(choices.get(Math.min(choices.size() - 1, (int) Math.floor(t * choices.size()))));
            case POWER_OF_TWO:
                return KnobValue.of(1L << (long) Math.rint(lo + t * (hi - lo)));
            case INTEGER:
                return KnobValue.of((long) snap(unscaled(t)));
            default:
                return KnobValue.of(step > 0 ? snap(unscaled(t)) : Math.min(hi, Math.max(lo, unscaled(t))));
        }
    }

    /**
     * {@link #fromUnit} at the precision that designs, races and searches share (irace's): a real
     * without a step to 2 decimals, on a log-scale domain to 2 significant digits, so that a
     * configuration reads as an operator would write it ({@code 0.99}, not {@code 0.9899999999999999})
     * and two searches that land on the same setting spell it the same. Other kinds as {@link #fromUnit}.
     */
    public KnobValue fromUnitRounded(double u) {
        KnobValue v = fromUnit(u);
        if (kind != Kind.REAL || step > 0) {
            return v;
        }
        return KnobValue.of(Math.min(hi, Math.max(lo, twoDigits(((KnobValue.RealValue) v).value(), log))));
    }

    /** Reals to 2 decimals (irace's precision); on a log-scale domain to 2 significant digits. */
    static double twoDigits(double v, boolean logScale) {
        return !logScale || v == 0 ? Math.round(v * 100) / 100.0
                : new java.math.BigDecimal(v).round(new java.math.MathContext(2)).doubleValue();
    }

    /**
     * At most {@code levels} distinct legal values spread evenly over the unit interval (every
     * choice of an enumeration or boolean), for exhaustive enumeration.
     */
    public List<KnobValue> grid(int levels) {
        if (levels < 2) {
            throw new IllegalArgumentException("a grid needs at least 2 levels, was " + levels);
        }
        Set<KnobValue> values = new LinkedHashSet<>();
        if (kind == Kind.CHOICE || kind == Kind.BOOLEAN) {
            choices.forEach(c -> values.add(kind == Kind.BOOLEAN ? KnobValue.of(Boolean.parseBoolean(c)) : KnobValue.of(c)));
        } else {
            for (int i = 0; i < levels; i++) {
                values.add(fromUnit(i / (double) (levels - 1)));
            }
        }
        return new ArrayList<>(values);
    }

    private double scaled(double v) {
        return log ? unitOf(Math.log(v + shift), Math.log(lo + shift), Math.log(hi + shift)) : unitOf(v, lo, hi);
    }

    private double unscaled(double t) {
        if (log) {
            double a = Math.log(lo + shift);
            double b = Math.log(hi + shift);
            return Math.exp(a + t * (b - a)) - shift;
        }
        return lo + t * (hi - lo);
    }

    /** Nearest value on the step grid lo, lo + step, ... that lies within [lo, hi]. */
    private double snap(double v) {
        double s = step > 0 ? step : 1;
        double k = Math.rint((v - lo) / s);
        double top = Math.floor((hi - lo) / s + 1e-9);
        return lo + Math.min(top, Math.max(0, k)) * s;
    }

    private static double unitOf(double v, double a, double b) {
        if (b <= a) {
            return 0;
        }
        return Math.min(1, Math.max(0, (v - a) / (b - a)));
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }
}
