package dev.ctuner.common.catalog;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The typed catalog of tunable settings for one Cassandra version, with lookup by current or
 * legacy name, effective configurations (explicit values plus defaults resolved for a node), and
 * validation that reports every violation rather than stopping at the first.
 *
 * <pre>{@code
 * KnobCatalog catalog = KnobCatalog.cassandra50();
 * ValidationReport report = catalog.validate(Map.of("concurrent_reads", "64", "compaction_throughput", "9999MiB/s"),
 *         Configuration.EMPTY, facts, Set.of());
 * report.errors();  // OUT_OF_RANGE compaction_throughput=9999MiB/s (allowed: [0, 1024])
 * }</pre>
 */
public final class KnobCatalog {

    private final String version;
    private final Map<KnobName, Knob> knobs;
    private final Map<String, Knob> byLegacyName;
    private final List<Constraint> constraints;

    public KnobCatalog(String version, Collection<Knob> knobs, List<Constraint> constraints) {
        this.version = version;
        Map<KnobName, Knob> byName = new LinkedHashMap<>();
        Map<String, Knob> legacy = new TreeMap<>();
        for (Knob knob : knobs) {
            if (byName.put(knob.name(), knob) != null) {
                throw new IllegalArgumentException("knob " + knob.name() + " defined twice");
            }
            knob.legacyName().ifPresent(l -> legacy.put(l, knob));
        }
        this.knobs = Map.copyOf(byName);
        this.byLegacyName = Map.copyOf(legacy);
        this.constraints = List.copyOf(constraints);
        for (Constraint c : constraints) {
            c.knobs().forEach(k -> {
                if (!this.knobs.containsKey(KnobName.of(k))) {
                    throw new IllegalArgumentException("constraint " + c.id() + " names unknown knob " + k);
                }
            });
        }
    }

    /** The Cassandra 5.0 catalog (4.1 and older names accepted as aliases). */
    public static KnobCatalog cassandra50() {
        return new KnobCatalog("5.0", Cassandra50Knobs.all(), Cassandra50Knobs.constraints());
    }

    /** This catalog narrowed to the knobs a given version has, e.g. {@code 4.1}. */
    public KnobCatalog forVersion(String cassandraVersion) {
        List<Knob> present = knobs().stream().filter(k -> compareVersions(k.since(), cassandraVersion) <= 0).toList();
        Set<String> names = new HashSet<>();
        present.forEach(k -> names.add(k.name().value()));
        List<Constraint> applicable = constraints.stream().filter(c -> names.containsAll(c.knobs())).toList();
        return new KnobCatalog(cassandraVersion, present, applicable);
    }

    public String version() {
        return version;
    }

    /** Every knob, sorted by name. */
    public List<Knob> knobs() {
        return knobs.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    }

    public List<Knob> knobs(Scope scope) {
        return knobs().stream().filter(k -> k.scope() == scope).toList();
    }

    public List<Constraint> constraints() {
        return constraints;
    }

    public Optional<Knob> knob(KnobName name) {
        return Optional.ofNullable(knobs.get(name));
    }

    /** Finds a knob by its 5.0 name or its legacy name ({@code compaction_throughput_mb_per_sec}). */
    public Optional<Knob> lookup(String nameOrLegacy) {
        Knob byLegacy = byLegacyName.get(nameOrLegacy);
        if (byLegacy != null) {
            return Optional.of(byLegacy);
        }
        try {
            return knob(KnobName.of(nameOrLegacy));
        } catch (IllegalArgumentException notAName) {
            return Optional.empty();
        }
    }

    /** The complete configuration in effect on a node: every knob's explicit value, else its default. */
    public Configuration effective(Configuration explicit, NodeFacts facts) {
        Map<KnobName, KnobValue> resolved = new TreeMap<>();
        DefaultResolver resolver = new DefaultResolver(explicit, facts, resolved);
        for (KnobName name : knobs.keySet()) {
            resolver.valueOf(name).ifPresent(v -> resolved.put(name, v));
        }
        return new Configuration(resolved);
    }

    /** The default of one knob on a node when nothing is set explicitly. */
    public Optional<KnobValue> defaultOf(KnobName name, NodeFacts facts) {
        return new DefaultResolver(Configuration.EMPTY, facts, new TreeMap<>()).valueOf(name);
    }

    /**
     * Validates proposed settings (name → value as yaml spells it) laid over the node's current
     * explicit settings. Reports every problem: unknown names, unparseable values, values outside
     * their domain, bootstrap-only changes, excluded knobs not opted into, and broken cross-knob
     * constraints (checked only when every value parsed).
     *
     * @param optedIn excluded-by-default knobs the operator allows
     */
    public ValidationReport validate(Map<String, String> proposed, Configuration current, NodeFacts facts,
                                     Set<KnobName> optedIn) {
        List<Violation> violations = new ArrayList<>();
        Map<KnobName, KnobValue> parsed = new TreeMap<>();
        Configuration currentEffective = effective(current, facts);
        for (Map.Entry<String, String> entry : new TreeMap<>(proposed).entrySet()) {
            String given = entry.getKey();
            String text = entry.getValue() == null ? "" : entry.getValue();
            Optional<Knob> found = lookup(given);
            if (found.isEmpty()) {
                violations.add(Violation.error(Violation.Code.UNKNOWN_KNOB, given, text, "a knob of the Cassandra "
                        + version + " catalog", "'" + given + "' is not a tunable setting this catalog knows"));
                continue;
            }
            Knob knob = found.get();
            String name = knob.name().value();
            if (parsed.containsKey(knob.name())) {
                violations.add(Violation.error(Violation.Code.DUPLICATE, name, text, "one value per knob",
                        name + " is given twice (once under its legacy name)"));
                continue;
            }
            KnobValue value;
            try {
                value = given.equals(name) ? knob.parse(text) : knob.parseLegacy(text);
            } catch (IllegalArgumentException e) {
                Violation.Code code = knob.type() == ValueType.ENUM ? Violation.Code.NOT_A_CHOICE : Violation.Code.UNPARSEABLE;
                violations.add(Violation.error(code, name, text, knob.domain().describe(facts), name + ": " + e.getMessage()));
                continue;
            }
            Optional<String> outside = knob.check(value, facts);
            if (outside.isPresent()) {
                Violation.Code code = knob.type() == ValueType.ENUM ? Violation.Code.NOT_A_CHOICE : Violation.Code.OUT_OF_RANGE;
                violations.add(Violation.error(code, name, text, knob.domain().describe(facts),
                        name + "=" + text + " is " + outside.get()));
                continue;
            }
            parsed.put(knob.name(), value);
            Optional<KnobValue> now = currentEffective.get(knob.name());
            if (knob.applyMode() == ApplyMode.BOOTSTRAP && (now.isEmpty() || !knob.sameValue(now.get(), value))) {
                violations.add(Violation.error(Violation.Code.BOOTSTRAP_ONLY, name, text,
                        now.map(knob::format).orElse("its bootstrap value"), name + " is fixed when a node joins the ring"));
            }
            if (knob.excludedByDefault() && !optedIn.contains(knob.name())) {
                violations.add(Violation.error(Violation.Code.EXCLUDED, name, text, "only with an explicit opt-in",
                        name + " is excluded from tuning by default: " + knob.excludedBecause().get()));
            }
        }
        Configuration changes = new Configuration(parsed);
        if (parsed.size() == proposed.size()) {
            Configuration after = effective(current.with(changes), facts);
            for (Constraint constraint : constraints) {
                Violation v = constraint.check(after, facts);
                if (v != null) {
                    violations.add(v);
                }
            }
        }
        return new ValidationReport(changes, violations);
    }

    static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int xi = i < x.length ? Integer.parseInt(x[i]) : 0;
            int yi = i < y.length ? Integer.parseInt(y[i]) : 0;
            if (xi != yi) {
                return Integer.compare(xi, yi);
            }
        }
        return 0;
    }

    /** Resolves explicit values first, then defaults, which may read other knobs (cleanup threshold ← flush writers). */
    private final class DefaultResolver implements DefaultValue.Context {
        private final Configuration explicit;
        private final NodeFacts facts;
        private final Map<KnobName, KnobValue> memo;
        private final Set<KnobName> resolving = new HashSet<>();

        DefaultResolver(Configuration explicit, NodeFacts facts, Map<KnobName, KnobValue> memo) {
            this.explicit = explicit;
            this.facts = facts;
            this.memo = memo;
        }

        @Override
        public NodeFacts facts() {
            return facts;
        }

        @Override
        public Optional<KnobValue> valueOf(KnobName name) {
            Optional<KnobValue> set = explicit.get(name);
            if (set.isPresent()) {
                return set;
            }
            if (memo.containsKey(name)) {
                return Optional.of(memo.get(name));
            }
            Knob knob = knobs.get(name);
            if (knob == null) {
                throw new IllegalArgumentException("a default refers to unknown knob " + name);
            }
            if (!resolving.add(name)) {
                throw new IllegalStateException("defaults refer to each other in a cycle through " + name);
            }
            try {
                return knob.defaultValue().resolve(this);
            } finally {
                resolving.remove(name);
            }
        }
    }
}
