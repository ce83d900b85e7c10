package dev.ctuner.advisor.security.users;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The users file on disk: read, and replaced atomically (a temporary file in the same directory,
 * owner-only, flushed to disk, then renamed over the old one), so a reader never sees half a file
 * and a crash leaves the old or the new one. Changes hold a lock on {@code <file>.lock}, so two
 * commands run at once do not lose each other's change.
 *
 * <pre>{@code
 * UserTable users = UsersFile.read(Path.of("/var/lib/ctuner/users"));   // empty when the file does not exist
 * UsersFile.update(file, t -> t.remove("bob", 0));
 * }</pre>
 */
public final class UsersFile {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /** Identifies one version of the file: it changed when this differs. */
    public record Stamp(boolean exists, long modifiedMillis, long size, Object fileKey) {
        static final Stamp ABSENT = new Stamp(false, 0, 0, null);
    }

    private UsersFile() {
    }

    /** @throws IllegalArgumentException naming every bad line; @throws UncheckedIOException when unreadable */
    public static UserTable read(Path file) {
        try {
            return UserTable.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (NoSuchFileException missing) {
            return UserTable.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the users file " + file + ": " + e.getMessage(), e);
        }
    }

    public static Stamp stamp(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(true, a.lastModifiedTime().toMillis(), a.size(), a.fileKey());
        } catch (NoSuchFileException missing) {
            return Stamp.ABSENT;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the users file " + file + ": " + e.getMessage(), e);
        }
    }

    /** True when the file exists and its group or others may read or write it. */
    public static boolean openToOthers(Path file) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            return p.stream().anyMatch(x -> !EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE).contains(x));
        } catch (UnsupportedOperationException | IOException notPosixOrMissing) {
            return false;
        }
    }

    /**
     * Reads the table, applies {@code change} and writes the result, under the file's lock.
     *
     * @return the table written
     * @throws IllegalArgumentException from {@code change} (nothing is written)
     */
    public static UserTable update(Path file, UnaryOperator<UserTable> change) {
        Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
        try {
            createDirectories(file);
            try (FileChannel channel = FileChannel.open(lockFile, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    ownerOnly());
                 FileLock ignored = channel.lock()) {
                UserTable next = change.apply(read(file));
                write(file, next);
                return next;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the users file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Replaces the file with {@code table}, atomically and owner-only. */
    public static void write(Path file, UserTable table) {
        Path temp = null;
        try {
            createDirectories(file);
            temp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName() + ".", ".tmp", ownerOnly());
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer bytes = ByteBuffer.wrap(table.format().getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(true);
            }
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the users file " + file + ": " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the failure above is the one to report
                }
            }
        }
    }

    private static void createDirectories(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            try {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createDirectories(dir);
            }
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        boolean posix = java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        return posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)} : new FileAttribute<?>[0];
    }
}
