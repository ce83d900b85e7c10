package dev.ctuner.advisor.store;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A small string map in one column, as {@code k=v&k=v} with both sides URL-encoded. */
final class KeyValues {

    private KeyValues() {
    }

    static String write(Map<String, ?> values) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(values).forEach((k, v) -> {
            if (text.length() > 0) {
                text.append('&');
            }
            text.append(URLEncoder.encode(k, StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(String.valueOf(v), StandardCharsets.UTF_8));
        });
        return text.toString();
    }

    static Map<String, String> read(String text) {
        Map<String, String> values = new TreeMap<>();
        if (text == null || text.isEmpty()) {
            return values;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            values.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }
}
