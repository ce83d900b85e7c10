package dev.ctuner.sidecar.act;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The highest leader epoch this sidecar has seen on a command with a valid signature, kept in a
 * file across restarts. A command with an older epoch comes from an advisor replica that has lost
 * its leadership since (a deposed leader, or its command delivered late) and is refused. A command
 * without an epoch (an advisor that does not elect a leader) passes.
 *
 * <pre>{@code
 * Optional<String> refusal = fence.admit(envelope.leaderEpoch());
 * }</pre>
 */
public final class LeaderEpochFence {

    private final Path file;
    private long highest;

    private LeaderEpochFence(Path file, long highest) {
        this.file = file;
        this.highest = highest;
    }

    /** A fence kept in {@code file} (created on the first epoch seen). */
    public static LeaderEpochFence inFile(Path file) {
        long highest = 0;
        if (Files.exists(file)) {
            try {
                highest = Long.parseLong(Files.readString(file).strip());
            } catch (IOException | NumberFormatException e) {
                throw new IllegalStateException("cannot read the leader epoch in " + file + ": " + e.getMessage()
                        + "; fix or delete the file (the next command's epoch is then taken as the highest)", e);
            }
        }
        return new LeaderEpochFence(file, highest);
    }

    /** A fence that forgets on restart (tests). */
    public static LeaderEpochFence inMemory() {
        return new LeaderEpochFence(null, 0);
    }

    /**
     * Admits an epoch not older than the highest seen, raising the highest to it (written before this returns);
     * empty when admitted, else why not.
     */
    public synchronized Optional<String> admit(Optional<Long> epoch) {
        if (epoch.isEmpty()) {
            return Optional.empty();
        }
        long e = epoch.get();
        if (e < highest) {
            return Optional.of("the command carries leader epoch " + e + ", but epoch " + highest + " has been seen: its sender is no"
                    + " longer the advisor's leader");
        }
        if (e > highest) {
            write(e);
            highest = e;
        }
        return Optional.empty();
    }

    public synchronized OptionalLong highest() {
        return highest == 0 ? OptionalLong.empty() : OptionalLong.of(highest);
    }

    private void write(long epoch) {
        if (file == null) {
            return;
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, Long.toString(epoch));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep leader epoch " + epoch + " in " + file, e);
        }
    }
}
