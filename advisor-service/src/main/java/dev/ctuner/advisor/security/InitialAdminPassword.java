package dev.ctuner.advisor.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;


/**
 * The first-start password of the {@code admin} user when no users are configured: read from its
 * file if present (so a restart keeps it), else generated and written there, owner-only.
 *
 * <pre>{@code
 * String password = InitialAdminPassword.readOrCreate(Path.of("./data/initial-admin-password"), new SecureRandom());
 * }</pre>
 */
public final class InitialAdminPassword {

    private InitialAdminPassword() {
    }

    public static String readOrCreate(Path file, SecureRandom random) {
        try {
            if (Files.exists(file)) {
                String existing = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (existing.length() >= 16) {
                    return existing;
                }
                throw new IllegalStateException(file + " holds no usable password (16+ characters); delete it to get a new one");
            }
            byte[] bytes = new byte[24];
            random.nextBytes(bytes);
            String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
            Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
            return password;
        } catch (FileAlreadyExistsException raced) {
            return readOrCreate(file, random);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the initial admin password file " + file, e);
        }
    }

}
