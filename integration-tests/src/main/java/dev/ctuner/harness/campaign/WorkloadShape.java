package dev.ctuner.harness.campaign;

import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The workload of a validation, comparison or tuning campaign beyond the calibrated size: the
 * operation mix (reads, scans, inserts, read-modify-writes; updates take the rest), the key
 * distribution and, optionally, more rows or fewer operations than the calibrated setup has (a
 * scan-heavy run of the calibrated operation count would take many minutes). A tuner's instances carry
 * it as a label; the plain read/update mix is labelled {@code read=R} alone, as races always were, so
 * their files still resume.
 *
 * <pre>{@code
 * WorkloadShape.of(new String[] {"--read", "0.2", "--scan", "0.3", "--rows", "2000000"}).label();
 * // "read=0.2,scan=0.3,rows=2000000"
 * }</pre>
 *
 * @param rows       records loaded before each run; 0 = the calibrated setup's
 * @param operations operations measured per run; 0 = the calibrated setup's
 */
record WorkloadShape(double read, double scan, double insert, double rmw, RequestDistribution distribution, long rows,
                     long operations) {

    WorkloadShape {
        for (double p : new double[] {read, scan, insert, rmw}) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("operation proportions lie in [0, 1]; got read " + read + ", scan " + scan
                        + ", insert " + insert + ", rmw " + rmw);
            }
        }
        if (read + scan + insert + rmw > 1 + WorkloadSpec.PROPORTION_TOLERANCE) {
            throw new IllegalArgumentException("read + scan + insert + rmw = " + (read + scan + insert + rmw)
                    + " exceeds 1 (updates take the rest)");
        }
        if (distribution == null) {
            throw new IllegalArgumentException("a key distribution is required");
        }
        if (rows < 0) {
            throw new IllegalArgumentException("--rows must be 0 (the calibrated setup's) or more, got " + rows);
        }
        if (operations < 0) {
            throw new IllegalArgumentException("--operations must be 0 (the calibrated setup's) or more, got " + operations);
        }
    }

    /** The read/update mix of the calibrated setup, as screening and training measure it. */
    static WorkloadShape readUpdate(double read) {
        return new WorkloadShape(read, 0, 0, 0, RequestDistribution.ZIPFIAN, 0, 0);
    }

    /**
     * From the command line: {@code --read} (0.5), {@code --scan}, {@code --insert}, {@code --rmw} (0),
     * {@code --distribution} (zipfian), {@code --rows} (0), {@code --operations} (0).
     */
    static WorkloadShape of(String[] args) {
        return new WorkloadShape(real(args, "--read", 0.5), real(args, "--scan", 0), real(args, "--insert", 0),
                real(args, "--rmw", 0), distribution(CampaignMain.option(args, "--distribution", "zipfian")),
                whole(args, "--rows"), whole(args, "--operations"));
    }

    String label() {
        List<String> parts = new ArrayList<>(List.of("read=" + read));
        if (scan > 0) {
            parts.add("scan=" + scan);
        }
        if (insert > 0) {
            parts.add("insert=" + insert);
        }
        if (rmw > 0) {
            parts.add("rmw=" + rmw);
        }
        if (distribution != RequestDistribution.ZIPFIAN) {
            parts.add("distribution=" + distribution.name().toLowerCase(Locale.ROOT));
        }
        if (rows > 0) {
            parts.add("rows=" + rows);
        }
        if (operations > 0) {
            parts.add("operations=" + operations);
        }
        return String.join(",", parts);
    }

    /** The shape a {@link #label()} names. */
    static WorkloadShape parse(String label) {
        double read = -1;
        double scan = 0;
        double insert = 0;
        double rmw = 0;
        RequestDistribution distribution = RequestDistribution.ZIPFIAN;
        long rows = 0;
        long operations = 0;
        for (String part : label.split(",")) {
            int eq = part.indexOf('=');
            String value = eq < 0 ? "" : part.substring(eq + 1);
            switch (eq < 0 ? part : part.substring(0, eq)) {
                case "read" -> read = Double.parseDouble(value);
                case "scan" -> scan = Double.parseDouble(value);
                case "insert" -> insert = Double.parseDouble(value);
                case "rmw" -> rmw = Double.parseDouble(value);
                case "distribution" -> distribution = distribution(value);
                case "rows" -> rows = Long.parseLong(value);
                case "operations" -> operations = Long.parseLong(value);
                default -> throw new IllegalArgumentException("not a workload label: " + label);
            }
        }
        if (read < 0) {
            throw new IllegalArgumentException("not a workload label (no read=): " + label);
        }
        return new WorkloadShape(read, scan, insert, rmw, distribution, rows, operations);
    }

    /** The workload of one run: this shape at the calibrated setup's threads (and its rows and operations unless given). */
    WorkloadSpec spec(MeasurementSetup setup, long seed) {
        return new WorkloadSpec(read, update(), insert, scan, rmw, distribution, rows > 0 ? rows : setup.rows(),
                operations > 0 ? operations : setup.operations(), setup.threads(), seed);
    }

    /** The updates: the rest of the mix. */
    double update() {
        return Math.max(0, 1 - read - scan - insert - rmw);
    }

    /** For reports: the mix, the key distribution and the rows. */
    String describe(MeasurementSetup setup) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "read %.2f, update %.2f", read, update()));
        if (scan > 0) {
            s.append(String.format(Locale.ROOT, ", scan %.2f", scan));
        }
        if (insert > 0) {
            s.append(String.format(Locale.ROOT, ", insert %.2f", insert));
        }
        if (rmw > 0) {
            s.append(String.format(Locale.ROOT, ", read-modify-write %.2f", rmw));
        }
        return s.append(String.format(Locale.ROOT, "; %s keys; %d rows%s, %d operations%s, %d threads per run",
                distribution.name().toLowerCase(Locale.ROOT), rows > 0 ? rows : setup.rows(),
                rows > 0 ? "" : " (calibrated)", operations > 0 ? operations : setup.operations(),
                operations > 0 ? "" : " (calibrated)", setup.threads())).toString();
    }

    private static RequestDistribution distribution(String name) {
        try {
            return RequestDistribution.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--distribution must be one of " + Arrays.stream(RequestDistribution.values())
                    .map(d -> d.name().toLowerCase(Locale.ROOT)).toList() + ", got '" + name + "'");
        }
    }

    private static long whole(String[] args, String name) {
        String text = CampaignMain.option(args, name, "0");
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a whole number, got '" + text + "'");
        }
    }

    private static double real(String[] args, String name, double fallback) {
        String text = CampaignMain.option(args, name, Double.toString(fallback));
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a number, got '" + text + "'");
        }
    }
}
