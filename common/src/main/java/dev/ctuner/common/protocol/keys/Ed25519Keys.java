package dev.ctuner.common.protocol.keys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.EdECKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Ed25519 keys for command signing, using only the JDK: generation, PEM encoding (public keys as
 * X.509 SubjectPublicKeyInfo "PUBLIC KEY", private keys as PKCS#8 "PRIVATE KEY", the forms
 * {@code openssl genpkey -algorithm ed25519} writes) and loading from files.
 *
 * <p>Nothing here prints private key material; use {@link #fingerprint(PublicKey)} in logs.
 */
public final class Ed25519Keys {

    /** JCA name of the algorithm for KeyPairGenerator, KeyFactory and Signature. */
    public static final String ALGORITHM = "Ed25519";

    private static final String PUBLIC_LABEL = "PUBLIC KEY";
    private static final String PRIVATE_LABEL = "PRIVATE KEY";

    private Ed25519Keys() {
    }

    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no Ed25519 support", e);
        }
    }

    public static String publicKeyToPem(PublicKey key) {
        requireEd25519(key, "publicKey");
        return pem(PUBLIC_LABEL, key.getEncoded());
    }

    /** PEM text of the private key. Handle the result as a secret. */
    public static String privateKeyToPem(PrivateKey key) {
        requireEd25519(key, "privateKey");
        return pem(PRIVATE_LABEL, key.getEncoded());
    }

    /** @throws IllegalArgumentException if the text is not a PEM Ed25519 public key */
    public static PublicKey publicKeyFromPem(String pem) {
        byte[] der = derFromPem(pem, PUBLIC_LABEL);
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("PEM " + PUBLIC_LABEL + " is not an Ed25519 public key: " + e.getMessage());
        }
    }

    /** @throws IllegalArgumentException if the text is not a PEM PKCS#8 Ed25519 private key */
    public static PrivateKey privateKeyFromPem(String pem) {
        byte[] der = derFromPem(pem, PRIVATE_LABEL);
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException e) {
            // The exception text never contains key bytes, but say nothing more than needed.
            throw new IllegalArgumentException("PEM " + PRIVATE_LABEL + " is not an Ed25519 private key");
        }
    }

    public static PublicKey readPublicKey(Path file) throws IOException {
        return publicKeyFromPem(Files.readString(file, StandardCharsets.US_ASCII));
    }

    public static PrivateKey readPrivateKey(Path file) throws IOException {
        return privateKeyFromPem(Files.readString(file, StandardCharsets.US_ASCII));
    }

    public static void writePublicKey(Path file, PublicKey key) throws IOException {
        Files.writeString(file, publicKeyToPem(key), StandardCharsets.US_ASCII);
    }

    /** Writes the private key, readable by the owner only where the file system supports it. */
    public static void writePrivateKey(Path file, PrivateKey key) throws IOException {
        String pem = privateKeyToPem(key);
        if (!Files.exists(file) && file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        Files.writeString(file, pem, StandardCharsets.US_ASCII);
    }

    /** Short, safe identifier of a public key for logs: first 16 hex digits of SHA-256 of its encoding. */
    public static String fingerprint(PublicKey key) {
        requireEd25519(key, "publicKey");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return "sha256:" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    /** @throws IllegalArgumentException naming {@code field} if the key is null or not Ed25519 */
    public static void requireEd25519(Key key, String field) {
        if (key == null) {
            throw new IllegalArgumentException(field + " is required but was null");
        }
        if (!(key instanceof EdECKey edec) || !ALGORITHM.equalsIgnoreCase(edec.getParams().getName())) {
            throw new IllegalArgumentException(field + " must be an Ed25519 key but was " + key.getAlgorithm());
        }
    }

    private static String pem(String label, byte[] der) {
        String body = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----\n";
    }

    private static byte[] derFromPem(String pem, String label) {
        if (pem == null) {
            throw new IllegalArgumentException("PEM text is required but was null");
        }
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        int from = pem.indexOf(begin);
        int to = pem.indexOf(end);
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("expected PEM with '" + begin + "' ... '" + end + "'");
        }
        String body = pem.substring(from + begin.length(), to).replaceAll("\\s", "");
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("PEM " + label + " body is not valid base64: " + e.getMessage());
        }
    }
}
