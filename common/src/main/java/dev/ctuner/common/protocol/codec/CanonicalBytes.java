package dev.ctuner.common.protocol.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The canonical form of an envelope without its signature (see {@link CanonicalJson}): the bytes an
 * Ed25519 signature covers. Immutable; compared by content.
 */
public final class CanonicalBytes {

    private final byte[] bytes;

    CanonicalBytes(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    /** A copy of the bytes. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    /** The bytes as UTF-8 text, for debugging and tests. */
    public String asString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CanonicalBytes that && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "CanonicalBytes[" + bytes.length + " bytes]";
    }
}
