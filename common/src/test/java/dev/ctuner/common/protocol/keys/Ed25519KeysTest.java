package dev.ctuner.common.protocol.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Ed25519KeysTest {

    private final KeyPair pair = Ed25519Keys.generate();

    @Test
    void pemRoundTripKeepsBothKeys() {
        String publicPem = Ed25519Keys.publicKeyToPem(pair.getPublic());
        String privatePem = Ed25519Keys.privateKeyToPem(pair.getPrivate());
        assertThat(publicPem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("-----END PUBLIC KEY-----\n");
        assertThat(privatePem).startsWith("-----BEGIN PRIVATE KEY-----\n").endsWith("-----END PRIVATE KEY-----\n");
        assertThat(Ed25519Keys.publicKeyFromPem(publicPem)).isEqualTo(pair.getPublic());
        assertThat(Ed25519Keys.privateKeyFromPem(privatePem).getEncoded()).isEqualTo(pair.getPrivate().getEncoded());
    }

    @Test
    void opensslStylePemIsRead() {
        // The example public key of RFC 8410 section 10.1, with CRLF line ends as some tools write.
        String pem = "-----BEGIN PUBLIC KEY-----\r\n"
                + "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\r\n"
                + "-----END PUBLIC KEY-----\r\n";
        PublicKey key = Ed25519Keys.publicKeyFromPem(pem);
        assertThat(HexFormat.of().formatHex(key.getEncoded()))
                .endsWith("19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1");
    }

    @Test
    void filesRoundTripAndPrivateKeyFileIsOwnerOnly(@TempDir Path dir) throws Exception {
        Path publicFile = dir.resolve("advisor.pub.pem");
        Path privateFile = dir.resolve("advisor.key.pem");
        Ed25519Keys.writePublicKey(publicFile, pair.getPublic());
        Ed25519Keys.writePrivateKey(privateFile, pair.getPrivate());
        assertThat(Ed25519Keys.readPublicKey(publicFile)).isEqualTo(pair.getPublic());
        PrivateKey loaded = Ed25519Keys.readPrivateKey(privateFile);
        assertThat(loaded.getEncoded()).isEqualTo(pair.getPrivate().getEncoded());
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertThat(Files.getPosixFilePermissions(privateFile))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        }
    }

    @Test
    void wrongPemsAreRefusedWithAReason() throws Exception {
        String publicPem = Ed25519Keys.publicKeyToPem(pair.getPublic());
        assertThatThrownBy(() -> Ed25519Keys.privateKeyFromPem(publicPem))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BEGIN PRIVATE KEY");
        assertThatThrownBy(() -> Ed25519Keys.publicKeyFromPem(publicPem.replace("M", "!")))
                .hasMessageContaining("not valid base64");
        KeyPair rsa = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        String rsaPem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getEncoder().encodeToString(rsa.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
        assertThatThrownBy(() -> Ed25519Keys.publicKeyFromPem(rsaPem)).hasMessageContaining("not an Ed25519 public key");
        assertThatThrownBy(() -> Ed25519Keys.publicKeyToPem(rsa.getPublic())).hasMessageContaining("RSA");
    }

    @Test
    void privateKeyNeverAppearsInToStringOrErrors() {
        byte[] encoded = pair.getPrivate().getEncoded();
        byte[] seed = java.util.Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
        String text = pair.getPrivate().toString() + pair.toString();
        assertThat(text).doesNotContainIgnoringCase(HexFormat.of().formatHex(seed))
                .doesNotContain(Base64.getEncoder().encodeToString(seed))
                .doesNotContain(Base64.getEncoder().encodeToString(encoded));
        byte[] cut = java.util.Arrays.copyOf(encoded, encoded.length - 1);
        String corrupted = "-----BEGIN PRIVATE KEY-----\n" + Base64.getEncoder().encodeToString(cut)
                + "\n-----END PRIVATE KEY-----\n";
        assertThatThrownBy(() -> Ed25519Keys.privateKeyFromPem(corrupted))
                .hasMessage("PEM PRIVATE KEY is not an Ed25519 private key");
    }

    @Test
    void fingerprintIsStableAndDistinguishesKeys() {
        String fingerprint = Ed25519Keys.fingerprint(pair.getPublic());
        assertThat(fingerprint).matches("sha256:[0-9a-f]{16}");
        assertThat(Ed25519Keys.fingerprint(Ed25519Keys.publicKeyFromPem(Ed25519Keys.publicKeyToPem(pair.getPublic()))))
                .isEqualTo(fingerprint);
        assertThat(Ed25519Keys.fingerprint(Ed25519Keys.generate().getPublic())).isNotEqualTo(fingerprint);
    }
}
