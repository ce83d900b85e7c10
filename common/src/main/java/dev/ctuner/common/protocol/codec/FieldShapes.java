package dev.ctuner.common.protocol.codec;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Says in protocol terms what a payload field should have been. Jackson's own messages suggest
 * mapper settings to change, which would mislead whoever reads a rejection.
 */
final class FieldShapes {

    private static final int MAX_VALUE_CHARS = 80;

    private FieldShapes() {
    }

    /** E.g. "must be an integer but was STRING "a day"". */
    static String problem(JacksonException e, JsonNode actual) {
        if (e instanceof InputCoercionException) {
            return "is out of range: " + e.getOriginalMessage();
        }
        if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            Class<?> type = mismatch.getTargetType();
            if (type.isEnum() && actual != null && actual.isObject()) {
                // A map keyed by an enum: the bad part is a key, not the object.
                return "must have keys from " + Arrays.toString(type.getEnumConstants()) + " but was "
                        + describe(actual);
            }
            return "must be " + expected(type) + " but was " + describe(actual);
        }
        return "is invalid: " + e.getOriginalMessage();
    }

    private static String expected(Class<?> type) {
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class) {
            return "an integer";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Instant.class) {
            return "an ISO-8601 instant such as \"2025-01-31T12:00:00Z\"";
        }
        if (type == UUID.class) {
            return "a UUID string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "a " + type.getSimpleName();
    }

    private static String describe(JsonNode node) {
        if (node == null) {
            return "absent";
        }
        String text = node.toString();
        if (text.length() > MAX_VALUE_CHARS) {
            text = text.substring(0, MAX_VALUE_CHARS) + "...";
        }
        return node.getNodeType() + " " + text;
    }
}
