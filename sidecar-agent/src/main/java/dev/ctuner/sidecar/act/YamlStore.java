package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.ExclusiveSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Edits cassandra.yaml in place, line by line, so that every other key, comment and blank line
 * stays as the operator wrote it. A top-level key is replaced where it stands (or appended); a
 * dotted key {@code parent.child} is set inside the {@code parent:} block (created if absent).
 * Keys named in {@code remove} (legacy names of the same settings) are deleted, because Cassandra
 * refuses a yaml that sets a setting under both its old and new names; so are the keys a value
 * displaces ({@link ExclusiveSettings}: batch commit log sync and a sync period). Writes are atomic
 * (temporary file, then move).
 */
public final class YamlStore {

    private final Path file;

    public YamlStore(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public String read() throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Copies the yaml to {@code backup}, replacing an earlier backup of the same name. */
    public void backupTo(Path backup) throws IOException {
        Files.copy(file, backup, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
    }

    /** Restores a backup made by {@link #backupTo}. */
    public void restoreFrom(Path backup) throws IOException {
        write(Files.readString(backup, StandardCharsets.UTF_8));
    }

    /** Sets {@code values} (yaml spellings) and deletes the {@code remove} keys, keeping everything else. */
    public void update(Map<String, String> values, List<String> remove) throws IOException {
        write(apply(read(), values, remove));
    }

    /** The edit itself, on text (pure, for tests). */
    static String apply(String yaml, Map<String, String> values, List<String> remove) {
        List<String> lines = new ArrayList<>(yaml.lines().toList());
        List<String> removed = new ArrayList<>(remove);
        removed.addAll(ExclusiveSettings.displacedBy(values));
        for (String key : removed) {
            if (!key.contains(".")) {
                lines.removeIf(line -> topLevel(key).matcher(line).find());
            }
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            int dot = key.indexOf('.');
            if (dot < 0) {
                setTopLevel(lines, key, e.getValue());
            } else {
                setNested(lines, key.substring(0, dot), key.substring(dot + 1), e.getValue());
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private static Pattern topLevel(String key) {
        return Pattern.compile("^" + Pattern.quote(key) + "\\s*:");
    }

    private static void setTopLevel(List<String> lines, String key, String value) {
        Pattern pattern = topLevel(key);
        for (int i = 0; i < lines.size(); i++) {
            if (pattern.matcher(lines.get(i)).find()) {
                lines.set(i, key + ": " + value);
                return;
            }
        }
        lines.add(key + ": " + value);
    }

    private static void setNested(List<String> lines, String parent, String child, String value) {
        Pattern parentPattern = Pattern.compile("^" + Pattern.quote(parent) + "\\s*:\\s*(#.*)?$");
        Pattern childPattern = Pattern.compile("^(\\s+)" + Pattern.quote(child) + "\\s*:");
        for (int i = 0; i < lines.size(); i++) {
            if (parentPattern.matcher(lines.get(i)).find()) {
                int j = i + 1;
                String indent = "  ";
                while (j < lines.size() && (lines.get(j).isBlank() || lines.get(j).startsWith(" ") || lines.get(j).startsWith("#"))) {
                    var m = childPattern.matcher(lines.get(j));
                    if (m.find()) {
                        lines.set(j, m.group(1) + child + ": " + value);
                        return;
                    }
                    j++;
                }
                lines.add(i + 1, indent + child + ": " + value);
                return;
            }
        }
        lines.add(parent + ":");
        lines.add("  " + child + ": " + value);
    }

    private void write(String text) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".ctuner-tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
