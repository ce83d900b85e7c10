package dev.ctuner.sidecar.act;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The node's own reason for not starting: the first ERROR line written to its log since a mark. */
public final class NodeStartupLog {

    private final Path file;
    private long mark;

    public NodeStartupLog(Path file) {
        this.file = file;
    }

    /** Remembers the current end of the log; later reads look only at what comes after. */
    public void mark() {
        try {
            mark = file == null || !Files.exists(file) ? 0 : Files.size(file);
        } catch (IOException e) {
            mark = 0;
        }
    }

    public Optional<String> firstError() {
        if (file == null || !Files.exists(file)) {
            return Optional.empty();
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            if (size < mark) {
                mark = 0; // the log was rotated
            }
            in.seek(mark);
            byte[] tail = new byte[(int) Math.min(size - mark, 4 * 1024 * 1024)];
            in.readFully(tail);
            return firstError(new String(tail, StandardCharsets.UTF_8).lines().toList());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The first ERROR (or fatal startup) line of a Cassandra log, with the line after it (the exception). */
    public static Optional<String> firstError(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("ERROR") || line.contains("Exception encountered during startup")
                    || line.contains("Fatal configuration error")) {
                String next = i + 1 < lines.size() ? " " + lines.get(i + 1).trim() : "";
                return Optional.of((line.trim() + next).trim());
            }
        }
        return Optional.empty();
    }
}
