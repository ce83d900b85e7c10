package dev.ctuner.sidecar.act;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.CommandResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commands this sidecar has answered, with their final results, kept on disk so that a
 * command delivered again (Kafka redelivery, or a replay) gets its earlier result and is never
 * applied twice, also across sidecar restarts. One line per command: id, then the result envelope
 * (base64). Bounded: the oldest entries beyond {@code capacity} are forgotten (the file is
 * compacted at start); an expired command is refused anyway, so only recent ids matter.
 */
public final class CommandJournal {

    private static final Logger log = LoggerFactory.getLogger(CommandJournal.class);

    private final Path file;
    private final int capacity;
    private final MessageCodec codec = new MessageCodec();
    private final LinkedHashMap<UUID, Envelope> results = new LinkedHashMap<>();

    public CommandJournal(Path file, int capacity) throws IOException {
        this.file = file;
        this.capacity = capacity;
        Files.createDirectories(file.toAbsolutePath().getParent());
        load();
    }

    private void load() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int space = line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            try {
                UUID id = UUID.fromString(line.substring(0, space));
                DecodeResult decoded = codec.decode(Base64.getDecoder().decode(line.substring(space + 1)));
                if (decoded instanceof DecodeResult.Decoded d) {
                    remember(id, d.envelope());
                }
            } catch (IllegalArgumentException corrupt) {
                log.warn("skipping an unreadable line of {}", file);
            }
        }
        rewrite();
    }

    /** The earlier final result of a command, if it was answered before. */
    public synchronized Optional<Envelope> resultOf(UUID commandId) {
        return Optional.ofNullable(results.get(commandId));
    }

    /** Whether a command was seen (accepted, rejected or finished). */
    public synchronized boolean seen(UUID commandId) {
        return results.containsKey(commandId);
    }

    /** Records a command's final result (envelope of a {@link CommandResult}) durably. */
    public synchronized void record(UUID commandId, Envelope result) throws IOException {
        if (!(result.payload() instanceof CommandResult)) {
            throw new IllegalArgumentException("the journal keeps CommandResult envelopes, not " + result.type());
        }
        remember(commandId, result);
        Files.writeString(file, line(commandId, result), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND, StandardOpenOption.SYNC);
        if (results.size() == capacity) {
            rewrite();
        }
    }

    /** Final results in the order they were recorded (oldest first). */
    public synchronized List<Envelope> results() {
        return new ArrayList<>(results.values());
    }

    private void remember(UUID id, Envelope result) {
        results.remove(id);
        results.put(id, result);
        while (results.size() > capacity) {
            UUID oldest = results.keySet().iterator().next();
            results.remove(oldest);
        }
    }

    private void rewrite() throws IOException {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<UUID, Envelope> e : results.entrySet()) {
            text.append(line(e.getKey(), e.getValue()));
        }
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private String line(UUID id, Envelope result) {
        return id + " " + Base64.getEncoder().encodeToString(codec.encode(result)) + "\n";
    }
}
