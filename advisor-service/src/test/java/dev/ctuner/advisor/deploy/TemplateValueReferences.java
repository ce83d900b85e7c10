package dev.ctuner.advisor.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The value paths a chart's templates read: {@code .Values.a.b} and, through a variable bound to
 * a value ({@code $a := .Values.advisor}), {@code $a.b}. A plain scan of the template text; Go
 * template pipelines beyond that (index, get) are not followed, so keep to dotted paths.
 */
final class TemplateValueReferences {

    private static final Pattern VALUES = Pattern.compile("\\.Values((?:\\.[A-Za-z0-9_]+)+)");
    private static final Pattern BINDING = Pattern.compile("\\$([A-Za-z0-9_]+)\\s*:=\\s*\\.Values((?:\\.[A-Za-z0-9_]+)+)");
    private static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z0-9_]+)((?:\\.[A-Za-z0-9_]+)+)");

    private TemplateValueReferences() {
    }

    static TreeSet<String> in(Path templates) throws IOException {
        TreeSet<String> paths = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(templates)) {
            files = list.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            paths.addAll(inText(Files.readString(file)));
        }
        return paths;
    }

    static TreeSet<String> inText(String text) {
        TreeSet<String> paths = new TreeSet<>();
        Map<String, String> bound = new HashMap<>();
        Matcher binding = BINDING.matcher(text);
        while (binding.find()) {
            bound.put(binding.group(1), binding.group(2).substring(1));
        }
        Matcher values = VALUES.matcher(text);
        while (values.find()) {
            paths.add(values.group(1).substring(1));
        }
        Matcher variable = VARIABLE.matcher(text);
        while (variable.find()) {
            String base = bound.get(variable.group(1));
            if (base != null) {
                paths.add(base + variable.group(2));
            }
        }
        return paths;
    }
}
