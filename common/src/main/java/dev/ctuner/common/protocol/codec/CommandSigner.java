package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.Command;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Base64;

/**
 * Signs command envelopes with the advisor's Ed25519 private key. The signature covers the
 * canonical form of the envelope without its signature (see {@link CanonicalBytes}), so every
 * envelope field and the whole payload are protected. Thread-safe.
 */
public final class CommandSigner {

    private final PrivateKey privateKey;
    private final MessageCodec codec;

    public CommandSigner(PrivateKey privateKey) {
        this(privateKey, new MessageCodec());
    }

    /** A signer whose canonical form comes from {@code codec}; use the codec you encode with. */
    public CommandSigner(PrivateKey privateKey, MessageCodec codec) {
        Ed25519Keys.requireEd25519(privateKey, "privateKey");
        if (codec == null) {
            throw new IllegalArgumentException("codec is required but was null");
        }
        this.privateKey = privateKey;
        this.codec = codec;
    }

    /**
     * The envelope with a base64 Ed25519 signature; any earlier signature is replaced.
     *
     * @throws IllegalArgumentException if the payload is not a command
     */
    public Envelope sign(Envelope envelope) {
        if (envelope == null) {
            throw new IllegalArgumentException("envelope is required but was null");
        }
        if (!(envelope.payload() instanceof Command)) {
            throw new IllegalArgumentException("only commands are signed, but type is '" + envelope.type() + "'");
        }
        byte[] content = codec.canonicalBytes(envelope).toByteArray();
        try {
            Signature signature = Signature.getInstance(Ed25519Keys.ALGORITHM);
            signature.initSign(privateKey);
            signature.update(content);
            return envelope.withSignature(Base64.getEncoder().encodeToString(signature.sign()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        // Never print key material.
        return "CommandSigner[Ed25519, private key redacted]";
    }
}
