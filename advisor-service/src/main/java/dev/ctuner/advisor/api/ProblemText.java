package dev.ctuner.advisor.api;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * The words of an error answer, kept small and free of internals whatever the request held: long
 * values are abbreviated (a 1 MiB id comes back as its first characters and its length), and a body
 * that does not bind is described by where it failed and what was expected there, never by the
 * parser's message (which names Java classes and library limits).
 *
 * <pre>{@code
 * ProblemText.abbreviate("no cluster with id aaaa…")                 // long tokens cut to 40 characters + length
 * ProblemText.unreadable(e)  // "field 'physicalDesign.nodes': expected a whole number"
 * }</pre>
 */
public final class ProblemText {

    /** A token (run of non-space characters) longer than this is cut. */
    static final int MAX_TOKEN = 80;
    /** A detail longer than this is cut. */
    static final int MAX_DETAIL = 1000;

    private ProblemText() {
    }

    /** The text with every long token cut to its start and length, and at most {@link #MAX_DETAIL} characters. */
    public static String abbreviate(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length() && out.length() <= MAX_DETAIL) {
            int end = i;
            while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
                end++;
            }
            if (end - i > MAX_TOKEN) {
                out.append(text, i, i + 40).append("…(").append(end - i).append(" characters)");
            } else {
                out.append(text, i, end);
            }
            if (end < text.length()) {
                out.append(text.charAt(end));
            }
            i = end + 1;
        }
        String s = out.toString();
        return s.length() > MAX_DETAIL || i < text.length() ? s.substring(0, Math.min(s.length(), MAX_DETAIL)) + "…" : s;
    }

    /** Why a request body did not bind, in terms of the JSON the client sent. */
    static String unreadable(Throwable cause) {
        if (cause instanceof StreamConstraintsException) {
            return "the JSON exceeds a parser limit (nesting depth, number length or string length): send a smaller document";
        }
        if (cause instanceof UnrecognizedPropertyException u) {
            return "unknown field '" + abbreviate(u.getPropertyName()) + "'" + at(u);
        }
        if (cause instanceof InvalidFormatException f) {
            return "the value at " + field(f) + " is not " + typeWords(f.getTargetType());
        }
        if (cause instanceof MismatchedInputException m) {
            return field(m) + ": expected " + typeWords(m.getTargetType());
        }
        if (cause instanceof ValueInstantiationException v) {
            return "the value at " + field(v) + " is not valid";
        }
        if (cause instanceof JacksonException j) {
            TokenStreamLocation where = j.getLocation();
            return j.getPath().isEmpty() && where != null && where.getLineNr() > 0
                    ? "malformed JSON at line " + where.getLineNr() + ", column " + where.getColumnNr()
                    : "malformed JSON at " + field(j);
        }
        return "the body is missing or is not JSON";
    }

    private static String at(JacksonException e) {
        return e.getPath().size() > 1 ? " in " + field(e) : "";
    }

    /** The JSON path of the failing value: {@code physicalDesign.nodes}, {@code forecast.steps[3].rate}, or "the body". */
    private static String field(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference r : e.getPath()) {
            if (r.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(abbreviate(r.getPropertyName()));
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "the top of the body" : "field '" + path + "'";
    }

    /** A Java type in the words of JSON: "a whole number", "an id (UUID)", "one of [A, B]". */
    static String typeWords(Class<?> type) {
        if (type == null) {
            return "a value of another kind";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class || type == Short.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class || CharSequence.class.isAssignableFrom(type)) {
            return "a string";
        }
        if (type == UUID.class) {
            return "an id (UUID)";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
        }
        if (List.class.isAssignableFrom(type) || type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "a value of another kind";
    }

    /** A request parameter's value as the client sent it: a repeated parameter's values joined, long ones cut. */
    static String value(Object value) {
        String s = value instanceof Object[] array ? Arrays.stream(array).map(String::valueOf).collect(Collectors.joining(","))
                : String.valueOf(value);
        return abbreviate(s.replace('\n', ' ').replace('\r', ' '));
    }
}
