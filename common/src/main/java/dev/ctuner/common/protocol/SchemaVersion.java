package dev.ctuner.common.protocol;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Version of the message schema, written "MAJOR.MINOR". A reader accepts any minor of its own
 * major: minor versions only add optional fields, which older readers ignore. A new major may
 * change meaning, so it is refused.
 */
public record SchemaVersion(int major, int minor) {

    /** The version this code writes. 1.1 added {@code ExperimentResult.machine}, 1.2 {@code Envelope.leaderEpoch}. */
    public static final SchemaVersion CURRENT = new SchemaVersion(1, 2);

    private static final Pattern FORMAT = Pattern.compile("(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})");

    public SchemaVersion {
        if (major < 0 || minor < 0) {
            throw new IllegalArgumentException("schemaVersion parts must be >= 0 but were " + major + "." + minor);
        }
    }

    /**
     * Parses "MAJOR.MINOR", e.g. "1.0".
     *
     * @throws IllegalArgumentException naming the text when it is not of that form
     */
    public static SchemaVersion parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("schemaVersion is required but was null");
        }
        Matcher m = FORMAT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("schemaVersion must look like MAJOR.MINOR (e.g. \"1.0\") but was '"
                    + text + "'");
        }
        return new SchemaVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Whether a reader at {@code reader} can decode messages written at this version. */
    public boolean readableBy(SchemaVersion reader) {
        return major == reader.major;
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
