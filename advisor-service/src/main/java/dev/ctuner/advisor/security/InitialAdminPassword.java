package dev.ctuner.advisor.security;

import dev.ctuner.advisor.security.users.Passwords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;


/**
 * The first-start password of the {@code admin} user when no users exist: read from its file if
 * present (so a restart keeps it), else generated and written there, owner-only. The password is
 * the file's first line; the lines after it say how to replace the account with the users command.
 *
 * <pre>{@code
 * String password = InitialAdminPassword.readOrCreate(Path.of("./data/initial-admin-password"), new SecureRandom());
 * }</pre>
 */
public final class InitialAdminPassword {

    /** Written after the password: what the file is and how to stop needing it. */
    static final String EXPLANATION = """
            # The line above is the password of user 'admin' (OPERATOR), created because the advisor has no users.
            # Replace it with your own users (the password is asked for twice; --generate prints a random one):
            #   java -jar advisor-service-<version>-exec.jar users add alice --role OPERATOR
            # or keep the name admin with a password you choose:
            #   java -jar advisor-service-<version>-exec.jar users add admin --role OPERATOR
            # As soon as a user exists, this password no longer signs in (no restart needed): delete this file.
            """;

    private InitialAdminPassword() {
    }

    public static String readOrCreate(Path file, SecureRandom random) {
        try {
            if (Files.exists(file)) {
                String existing = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
                if (existing.length() >= 16) {
                    return existing;
                }
                throw new IllegalStateException(file + " holds no usable password (16+ characters); delete it to get a new one");
            }
            String password = Passwords.generate(random);
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
            Files.writeString(file, password + "\n" + EXPLANATION, StandardCharsets.UTF_8);
            return password;
        } catch (FileAlreadyExistsException raced) {
            return readOrCreate(file, random);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the initial admin password file " + file, e);
        }
    }

}
