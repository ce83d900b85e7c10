package dev.ctuner.common.protocol.codec;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.async.ByteArrayFeeder;
import tools.jackson.databind.json.JsonMapper;

/** Tells a truncated document from a malformed one. */
final class JsonSyntax {

    private JsonSyntax() {
    }

    /**
     * Whether {@code bytes} is a proper prefix of some JSON document: the incremental parser
     * accepts every byte and then asks for more before the top-level value is complete. A blocking
     * parser reports the same situation with several different errors (e.g. a cut "tru" is an
     * "unrecognized token"), so its exception type alone cannot tell truncation apart.
     */
    static boolean isTruncated(JsonMapper mapper, byte[] bytes) {
        try (JsonParser parser = mapper.createNonBlockingByteArrayParser()) {
            ((ByteArrayFeeder) parser.nonBlockingInputFeeder()).feedInput(bytes, 0, bytes.length);
            int depth = 0;
            while (true) {
                JsonToken token = parser.nextToken();
                if (token == JsonToken.NOT_AVAILABLE) {
                    return true;
                }
                if (token == null) {
                    return false;
                }
                if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd()) {
                    depth--;
                }
                if (depth == 0) {
                    // Top-level value complete: the error must come after it, e.g. trailing garbage.
                    return false;
                }
            }
        } catch (JacksonException e) {
            return false;
        }
    }
}
