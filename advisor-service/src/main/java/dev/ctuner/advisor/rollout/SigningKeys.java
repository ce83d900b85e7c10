package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.keys.Ed25519Keys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The advisor's command-signing key pair: read from the private key file, or generated there
 * (owner-only) at first start, with the public key written next to it for the sidecars. Only the
 * public key's fingerprint is ever logged.
 */
public final class SigningKeys {

    private static final Logger log = LoggerFactory.getLogger(SigningKeys.class);

    private SigningKeys() {
    }

    public static PrivateKey loadOrCreate(Path privateFile, Path publicFile) {
        try {
            if (Files.exists(privateFile)) {
                PrivateKey key = Ed25519Keys.readPrivateKey(privateFile);
                if (!Files.exists(publicFile)) {
                    throw new IllegalStateException("the signing key " + privateFile + " exists but its public key " + publicFile
                            + " does not: restore it, or move both away to generate a new pair (then give sidecars the new public key)");
                }
                log.info("signing commands with the key in {}; sidecars verify with {} ({})", privateFile, publicFile,
                        Ed25519Keys.fingerprint(Ed25519Keys.readPublicKey(publicFile)));
                return key;
            }
            KeyPair pair = Ed25519Keys.generate();
            Path dir = privateFile.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Path publicDir = publicFile.toAbsolutePath().getParent();
            if (publicDir != null) {
                Files.createDirectories(publicDir);
            }
            Ed25519Keys.writePrivateKey(privateFile, pair.getPrivate());
            Ed25519Keys.writePublicKey(publicFile, pair.getPublic());
            log.warn("generated a new command-signing key in {}; give the sidecars its public key {} ({})", privateFile,
                    publicFile, Ed25519Keys.fingerprint(pair.getPublic()));
            return pair.getPrivate();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the signing key " + privateFile + ": " + e.getMessage(), e);
        }
    }
}
