package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line of {@link BenchMain}, parsed and checked without touching the network.
 *
 * <pre>{@code
 * BenchOptions o = BenchOptions.parse("--records", "1000", "--operations", "5000", "--rate", "500");
 * }</pre>
 */
record BenchOptions(List<HostPort> hosts, String datacenter, String keyspace, Replication replication, long records,
        long operations, Duration duration, int inFlight, double rate, OperationMix mix, KeyDistribution keys,
        DefaultConsistencyLevel consistency, boolean load, Path trace, long seed, double recordKeys,
        int keyCapacity, Path out, Path keysOut, int maxScanLength, int batchSize, boolean help) {

    static final String USAGE = String.join("\n",
            "usage: BenchMain [--hosts H[:P],...] [--dc DC] [--keyspace KS] [--rf N] [--strategy simple|network]",
            "                 [--records N] [--load] [--operations N] [--duration 30s|5m|PT1H]",
            "                 [--threads N | --in-flight N] [--rate OPS] [--mix read=0.5,update=0.5,...]",
            "                 [--distribution uniform|zipfian|scrambled-zipfian|latest|hotspot] [--zipf-constant C]",
            "                 [--hot-set F] [--hot-ops F] [--consistency ONE|QUORUM|...] [--trace FILE]",
            "                 [--seed N] [--record-keys FRACTION] [--key-capacity N] [--keys-out FILE]",
            "                 [--max-scan-length N] [--batch-size N] [--out FILE] [--help]",
            "  Creates the keyspace and table if missing; --load first loads --records records;",
            "  then runs until --operations or --duration (whichever comes first), or the phases of --trace",
            "  (CSV rows: duration_seconds,read,update,insert,scan,rmw[,rate]). --rate runs open loop, with",
            "  --in-flight (default 1024) only as a bound; without it, --in-flight requests run closed loop.",
            "  mix names: read, update, insert, scan, rmw, lwt, batch. Defaults: 127.0.0.1:9042, datacenter1,",
            "  ycsb, rf 1, 1000 records, 16 in flight, read=0.5,update=0.5, zipfian 0.99, ONE, seed 1.");

    private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");
    private static final Map<String, Double> NANOS_PER_UNIT = Map.of("ms", 1e6, "s", 1e9, "m", 60e9, "h", 3600e9);
    private static final int DEFAULT_IN_FLIGHT = 16;
    private static final Set<String> FLAGS = Set.of("--load", "--help");
    private static final Set<String> VALUED = Set.of("--hosts", "--dc", "--keyspace", "--rf", "--strategy",
            "--records", "--operations", "--duration", "--threads", "--in-flight", "--rate", "--mix",
            "--distribution", "--zipf-constant", "--hot-set", "--hot-ops", "--consistency", "--trace", "--seed",
            "--record-keys", "--key-capacity", "--keys-out", "--max-scan-length", "--batch-size", "--out");

    /** A contact point. */
    record HostPort(String host, int port) {
    }

    /** A command-line mistake; the message says which flag and why. */
    static final class UsageException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** Whether a workload runs after the optional load. */
    boolean runsWorkload() {
        return trace != null || operations > 0 || duration != null;
    }

    static BenchOptions parse(String... args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (FLAGS.contains(name)) {
                if (value != null) {
                    throw new UsageException(name + " takes no value");
                }
                value = "true";
            } else if (VALUED.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException(name + " needs a value");
                    }
                    value = args[++i];
                }
            } else {
                throw new UsageException("unknown argument '" + arg + "'");
            }
            String key = "--threads".equals(name) ? "--in-flight" : name;
            if (values.put(key, value) != null) {
                throw new UsageException(name + " is given twice (--threads and --in-flight are the same)");
            }
        }
        try {
            return from(values);
        } catch (UsageException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static BenchOptions from(Map<String, String> v) {
        if (v.containsKey("--trace") && (v.containsKey("--operations") || v.containsKey("--duration"))) {
            throw new UsageException("--trace sets the length of each phase; do not combine it with --operations "
                    + "or --duration");
        }
        if (v.containsKey("--trace") && v.containsKey("--mix")) {
            throw new UsageException("--trace sets the mix of each phase; do not combine it with --mix");
        }
        String datacenter = v.getOrDefault("--dc", "datacenter1");
        int rf = (int) positive(v, "--rf", 1);
        String strategy = v.getOrDefault("--strategy", "simple").toLowerCase(Locale.ROOT);
        Replication replication;
        if ("simple".equals(strategy)) {
            replication = Replication.simple(rf);
        } else if ("network".equals(strategy)) {
            replication = Replication.networkTopology(Map.of(datacenter, rf));
        } else {
            throw new UsageException("--strategy must be simple or network, got '" + strategy + "'");
        }
        double rate = v.containsKey("--rate") ? number(v, "--rate") : 0;
        if (v.containsKey("--rate") && !(rate > 0)) {
            throw new UsageException("--rate must be > 0 ops/s, got " + v.get("--rate"));
        }
        double recordKeys = v.containsKey("--record-keys") ? number(v, "--record-keys") : 0;
        if (!(recordKeys >= 0 && recordKeys <= 1)) {
            throw new UsageException("--record-keys must be a fraction in [0, 1], got " + v.get("--record-keys"));
        }
        if (v.containsKey("--keys-out") && recordKeys == 0) {
            throw new UsageException("--keys-out needs --record-keys FRACTION > 0");
        }
        KeyDistribution keys = KeyDistribution.parse(v.getOrDefault("--distribution", "zipfian"),
                v.containsKey("--zipf-constant") ? number(v, "--zipf-constant") : KeyDistribution.DEFAULT_ZIPF_CONSTANT,
                v.containsKey("--hot-set") ? number(v, "--hot-set") : 0.2,
                v.containsKey("--hot-ops") ? number(v, "--hot-ops") : 0.8);
        DefaultConsistencyLevel consistency;
        try {
            consistency = DefaultConsistencyLevel.valueOf(v.getOrDefault("--consistency", "ONE")
                    .toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--consistency must be one of ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, "
                    + "LOCAL_QUORUM, EACH_QUORUM, ANY; got '" + v.get("--consistency") + "'");
        }
        BenchOptions options = new BenchOptions(hosts(v.getOrDefault("--hosts", "127.0.0.1")), datacenter,
                v.getOrDefault("--keyspace", "ycsb"), replication, positive(v, "--records", 1000),
                positive(v, "--operations", 0), v.containsKey("--duration") ? duration(v.get("--duration")) : null,
                (int) positive(v, "--in-flight", 0), rate,
                v.containsKey("--mix") ? OperationMix.parse(v.get("--mix")) : OperationMix.ycsbA(), keys,
                consistency, v.containsKey("--load"), path(v, "--trace"), integer(v, "--seed", 1), recordKeys,
                (int) positive(v, "--key-capacity", KeyRecording.DEFAULT_CAPACITY), path(v, "--out"),
                path(v, "--keys-out"), (int) positive(v, "--max-scan-length", 100),
                (int) positive(v, "--batch-size", 5), v.containsKey("--help"));
        options.spec(); // checks the combination (keyspace name, consistency level)
        return options;
    }

    /** The run-wide settings these options describe. */
    WorkloadSpec spec() {
        return WorkloadSpec.builder().keyspace(keyspace).recordCount(records).seed(seed).consistency(consistency)
                .maxScanLength(maxScanLength).batchSize(batchSize)
                .keyRecording(recordKeys > 0 ? KeyRecording.sampled(recordKeys, keyCapacity) : KeyRecording.off())
                .build();
    }

    /**
     * The load of every phase: open loop at --rate (--in-flight then only bounds requests in flight,
     * 1024 unless given), else closed loop with --in-flight requests (16 unless given).
     */
    LoadControl loadControl() {
        if (rate > 0) {
            return LoadControl.open(rate, inFlight > 0 ? inFlight : LoadControl.DEFAULT_OPEN_LOOP_MAX_IN_FLIGHT);
        }
        return LoadControl.closed(loaderInFlight());
    }

    /** Requests in flight while loading: --in-flight, 16 unless given. */
    int loaderInFlight() {
        return inFlight > 0 ? inFlight : DEFAULT_IN_FLIGHT;
    }

    /** The single phase given by --operations and --duration (for a run without --trace). */
    Schedule schedule() {
        StopCondition stop = new StopCondition(operations > 0 ? operations : StopCondition.NO_OPERATION_LIMIT,
                duration != null ? duration : StopCondition.NO_TIME_LIMIT);
        return Schedule.of(new Phase("main", stop, mix, keys, loadControl()));
    }

    static Duration duration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        Duration d;
        try {
            if (t.startsWith("p")) {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } else {
                Matcher m = SIMPLE_DURATION.matcher(t);
                if (!m.matches()) {
                    throw new UsageException("bad duration");
                }
                double nanosPerUnit = NANOS_PER_UNIT.get(m.group(2) == null ? "s" : m.group(2));
                d = Duration.ofNanos(Math.round(Double.parseDouble(m.group(1)) * nanosPerUnit));
            }
        } catch (RuntimeException e) {
            throw new UsageException("--duration must look like 30, 30s, 500ms, 5m, 1h or PT30S, got '" + text + "'");
        }
        return positiveDuration(d, text);
    }

    private static Duration positiveDuration(Duration d, String text) {
        if (d.isNegative() || d.isZero()) {
            throw new UsageException("--duration must be positive, got '" + text + "'");
        }
        return d;
    }

    private static List<HostPort> hosts(String text) {
        List<HostPort> hosts = new ArrayList<>();
        for (String part : text.split(",")) {
            String h = part.trim();
            int colon = h.lastIndexOf(':');
            int port = 9042;
            // "::1" alone is an IPv6 address; a port on IPv6 needs brackets: [::1]:9042.
            if ((colon > 0 && h.indexOf(':') == colon) || (h.startsWith("[") && colon > h.indexOf(']'))) {
                try {
                    port = Integer.parseInt(h.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new UsageException("--hosts: bad port in '" + h + "'");
                }
                h = h.substring(0, colon);
            }
            h = h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
            if (h.isEmpty() || port < 1 || port > 65535) {
                throw new UsageException("--hosts entries look like host or host:port, got '" + part.trim() + "'");
            }
            hosts.add(new HostPort(h, port));
        }
        return List.copyOf(hosts);
    }

    private static double number(Map<String, String> v, String name) {
        try {
            double d = Double.parseDouble(v.get(name).trim());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a number, got '" + v.get(name) + "'");
        }
    }

    private static long integer(Map<String, String> v, String name, long fallback) {
        if (!v.containsKey(name)) {
            return fallback;
        }
        try {
            return Long.parseLong(v.get(name).trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be an integer, got '" + v.get(name) + "'");
        }
    }

    private static long positive(Map<String, String> v, String name, long fallback) {
        long n = integer(v, name, fallback);
        if (v.containsKey(name) && n < 1) {
            throw new UsageException(name + " must be >= 1, got " + v.get(name));
        }
        if (n > Integer.MAX_VALUE && !Set.of("--records", "--operations").contains(name)) {
            throw new UsageException(name + " is too large: " + n);
        }
        return n;
    }

    private static Path path(Map<String, String> v, String name) {
        return v.containsKey(name) ? Path.of(v.get(name)) : null;
    }
}
