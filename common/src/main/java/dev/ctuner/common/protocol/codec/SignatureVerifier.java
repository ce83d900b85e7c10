package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Optional;

/**
 * Checks command signatures against the advisor's Ed25519 public key. It verifies the canonical
 * form of the bytes as received ({@link DecodeResult.Decoded#canonicalBytes()}), so that fields
 * this reader does not know are covered by the signature too. Thread-safe.
 */
public final class SignatureVerifier {

    /** Length of every Ed25519 signature. */
    private static final int SIGNATURE_BYTES = 64;

    private final PublicKey publicKey;
    private final String keyFingerprint;

    public SignatureVerifier(PublicKey publicKey) {
        Ed25519Keys.requireEd25519(publicKey, "publicKey");
        this.publicKey = publicKey;
        this.keyFingerprint = Ed25519Keys.fingerprint(publicKey);
    }

    /**
     * The same {@code decoded} if its signature verifies, otherwise a rejection with
     * MISSING_SIGNATURE or BAD_SIGNATURE.
     */
    public DecodeResult verify(DecodeResult.Decoded decoded) {
        if (decoded == null) {
            throw new IllegalArgumentException("decoded is required but was null");
        }
        Envelope envelope = decoded.envelope();
        String what = envelope.type() + " " + envelope.id();
        Optional<String> encoded = envelope.signature();
        if (encoded.isEmpty()) {
            return new DecodeResult.Rejected(RejectionCode.MISSING_SIGNATURE, what + " carries no signature");
        }
        byte[] signatureBytes;
        try {
            signatureBytes = Base64.getDecoder().decode(encoded.get());
        } catch (IllegalArgumentException e) {
            return new DecodeResult.Rejected(RejectionCode.BAD_SIGNATURE, what + " has a signature that is not"
                    + " valid base64: " + e.getMessage());
        }
        if (signatureBytes.length != SIGNATURE_BYTES) {
            return new DecodeResult.Rejected(RejectionCode.BAD_SIGNATURE, what + " has a " + signatureBytes.length
                    + "-byte signature; Ed25519 signatures are " + SIGNATURE_BYTES + " bytes");
        }
        if (!verifies(decoded.canonicalBytes().toByteArray(), signatureBytes)) {
            return new DecodeResult.Rejected(RejectionCode.BAD_SIGNATURE, what + " has a signature that does not"
                    + " match its content under trusted key " + keyFingerprint
                    + " (content altered, or signed by another key)");
        }
        return decoded;
    }

    private boolean verifies(byte[] content, byte[] signatureBytes) {
        try {
            Signature signature = Signature.getInstance(Ed25519Keys.ALGORITHM);
            signature.initVerify(publicKey);
            signature.update(content);
            return signature.verify(signatureBytes);
        } catch (GeneralSecurityException e) {
            // A structurally invalid signature is just a bad signature.
            return false;
        }
    }

    @Override
    public String toString() {
        return "SignatureVerifier[Ed25519 " + keyFingerprint + "]";
    }
}
