package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Command-line options of the benchmark mains: a CSV path, then {@code --name value} pairs. */
public final class BenchArgs {

    private final String csv;
    private final Map<String, String> options = new HashMap<>();

    BenchArgs(String[] args, String usage) {
        if (args.length == 0 || args[0].startsWith("--")) {
            throw new IllegalArgumentException("usage: " + usage);
        }
        csv = args[0];
        options.putAll(options(args, 1, usage));
    }

    private static final Pattern OPTION_NAME = Pattern.compile("--([a-z][a-z0-9-]*)");

    /**
     * The {@code --name value} pairs of {@code args} from index {@code from} on. Only the options
     * {@code usage} names (and those the {@code alsoAccepted} texts name) are taken: a misspelt or
     * repeated option is an error, not a default silently used.
     */
    public static Map<String, String> options(String[] args, int from, String usage, String... alsoAccepted) {
        Set<String> known = new TreeSet<>();
        for (String text : Stream.concat(Stream.of(usage), Stream.of(alsoAccepted)).toList()) {
            Matcher m = OPTION_NAME.matcher(text);
            while (m.find()) {
                known.add(m.group(1));
            }
        }
        Map<String, String> options = new HashMap<>();
        for (int i = from; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --option value at '" + args[i] + "'; usage: " + usage);
            }
            String name = args[i].substring(2);
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name + "; known: --" + String.join(", --", known)
                        + "; usage: " + usage);
            }
            if (options.put(name, args[i + 1]) != null) {
                throw new IllegalArgumentException("option --" + name + " given twice; usage: " + usage);
            }
        }
        return options;
    }

    String csv() {
        return csv;
    }

    int integer(String name, int fallback) {
        return options.containsKey(name) ? Integer.parseInt(options.get(name)) : fallback;
    }

    String text(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    long seed() {
        return options.containsKey("seed") ? Long.parseLong(options.get("seed")) : 42L;
    }

    List<String> list(String name, String fallback) {
        return Arrays.stream(options.getOrDefault(name, fallback).split(",")).map(String::trim)
                .filter(s -> !s.isEmpty()).toList();
    }

    /** The encoder: the knobs given by --knobs, else every knob that takes two or more values in the data. */
    FeatureEncoder encoder(List<Sample> samples, KnobCatalog catalog) {
        List<String> knobs = options.containsKey("knobs") ? list("knobs", "") : varyingKnobs(samples);
        Sample first = samples.get(0);
        NodeFacts facts = new NodeFacts(first.provenance().hardware().heapMiB(), first.provenance().hardware().cores(),
                1, first.provenance().hardware().memoryMiB());
        FeatureEncoder.EnumEncoding encoding = options.getOrDefault("enum", "one-hot").equals("ordinal")
                ? FeatureEncoder.EnumEncoding.ORDINAL : FeatureEncoder.EnumEncoding.ONE_HOT;
        return FeatureEncoder.of(catalog, facts, knobs, encoding);
    }

    static List<String> varyingKnobs(List<Sample> samples) {
        Map<KnobName, Set<String>> seen = new HashMap<>();
        for (Sample s : samples) {
            s.configuration().values().forEach((k, v) -> seen.computeIfAbsent(k, x -> new HashSet<>()).add(v.text()));
        }
        List<String> knobs = new ArrayList<>();
        new TreeSet<>(seen.keySet()).forEach(k -> {
            if (seen.get(k).size() > 1) {
                knobs.add(k.value());
            }
        });
        return knobs;
    }

    /** Smile logs every RNG seed it sets at INFO, into the report a main prints on standard output: WARN and above only. */
    public static void quietLibraries() {
        org.slf4j.Logger smile = org.slf4j.LoggerFactory.getLogger("smile");
        if (smile instanceof ch.qos.logback.classic.Logger logback) {
            logback.setLevel(ch.qos.logback.classic.Level.WARN);
        }
    }
}
