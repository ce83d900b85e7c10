package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Command-line entry point of the workload driver (plain Java, no Spring).
 *
 * <pre>
 * java -cp ... dev.ctuner.sidecar.bench.BenchMain --hosts 127.0.0.1 --records 10000 --load \
 *     --duration 60s --rate 2000 --mix read=0.9,update=0.1 --distribution zipfian --out result.json
 * </pre>
 *
 * <p>Exit status: 0 done, 1 the run failed (cluster unreachable, schema error...), 2 bad usage.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        BenchOptions options;
        Schedule schedule = null;
        try {
            options = BenchOptions.parse(args);
            if (options.help()) {
                out.println(BenchOptions.USAGE);
                return 0;
            }
            if (options.trace() != null) {
                schedule = TraceFile.read(options.trace(), options.keys(), options.loadControl());
            } else if (options.runsWorkload()) {
                schedule = options.schedule();
            } else if (!options.load()) {
                throw new BenchOptions.UsageException(
                        "nothing to do: give --load, --operations, --duration or --trace");
            }
        } catch (IllegalArgumentException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            err.println(BenchOptions.USAGE);
            return 2;
        }
        try (CqlSession session = session(options)) {
            Schema schema = new Schema(options.keyspace());
            schema.create(session, options.replication());
            if (options.load()) {
                Loader.LoadResult loaded = new Loader(session, schema).load(options.records(), options.loaderInFlight(),
                        options.seed(), options.consistency(),
                        n -> err.printf(Locale.ROOT, "loaded %d / %d%n", n, options.records()));
                out.printf(Locale.ROOT, "load: %d records in %.1f s (%.0f records/s), %d failed %s%n",
                        loaded.records(), loaded.elapsed().toMillis() / 1000.0, loaded.recordsPerSecond(),
                        loaded.failed(), loaded.errorsByType().isEmpty() ? "" : loaded.errorsByType());
            }
            if (schedule != null) {
                RunResult result = new WorkloadDriver().run(session, options.spec(), schedule);
                out.print(RunReport.text(result));
                if (options.out() != null) {
                    Files.writeString(options.out(), RunReport.json(result, settings(options)), StandardCharsets.UTF_8);
                }
                if (options.keysOut() != null) {
                    RunReport.writeKeySequenceCsv(result.keySequence(), options.keysOut());
                }
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("failed: " + e);
            return 1;
        }
    }

    private static CqlSession session(BenchOptions options) {
        CqlSessionBuilder builder = CqlSession.builder().withLocalDatacenter(options.datacenter());
        for (BenchOptions.HostPort host : options.hosts()) {
            builder.addContactPoint(new InetSocketAddress(host.host(), host.port()));
        }
        return builder.build();
    }

    /** What produced the result, recorded beside it. */
    static Map<String, Object> settings(BenchOptions o) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("keyspace", o.keyspace());
        s.put("replication", o.replication().toCql());
        s.put("records", o.records());
        s.put("seed", o.seed());
        s.put("consistency", o.consistency().name());
        s.put("load", o.loadControl().toString());
        s.put("trace", o.trace() == null ? null : o.trace().toString());
        s.put("mix", o.trace() == null ? o.mix().toString() : null);
        s.put("distribution", o.keys().toString());
        s.put("operations", o.operations());
        s.put("duration", o.duration() == null ? null : o.duration().toString());
        s.put("maxScanLength", o.maxScanLength());
        s.put("batchSize", o.batchSize());
        s.put("recordKeys", o.recordKeys());
        return s;
    }
}
