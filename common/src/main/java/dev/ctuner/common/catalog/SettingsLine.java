package dev.ctuner.common.catalog;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Settings written on one line, {@code knob=value;knob=value}, as the campaign and benchmark
 * commands take and print them (values as the catalog spells them, e.g. {@code key_cache_size=64MiB}).
 *
 * <pre>{@code
 * SettingsLine.parse("concurrent_reads=8; compression.class=none");  // {concurrent_reads=8, compression.class=none}
 * SettingsLine.format(Map.of("b", "2", "a", "1"));                    // "a=1;b=2"
 * }</pre>
 */
public final class SettingsLine {

    private SettingsLine() {
    }

    /** The settings in order of appearance; empty text gives none (the defaults). */
    public static Map<String, String> parse(String text) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + part.trim() + "' is not knob=value (settings are written "
                        + "knob=value;knob=value)");
            }
            settings.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }
        return settings;
    }

    /** The settings by knob name. */
    public static String format(Map<String, String> settings) {
        return new TreeMap<>(settings).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(";"));
    }
}
