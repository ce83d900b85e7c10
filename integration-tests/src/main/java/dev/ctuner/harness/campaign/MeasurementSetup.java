package dev.ctuner.harness.campaign;

import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * The measurement setup that calibration chose for this machine (placement, operations per run, rows,
 * client threads), stored in docs/data/setup.properties for every later campaign.
 */
record MeasurementSetup(Placement placement, long operations, long rows, int threads) {

    static final Path FILE = Path.of("docs/data/setup.properties");

    MeasurementSetup with(Calibration.Factor f, long level) {
        switch (f) {
            case PLACEMENT:
                return new MeasurementSetup(Placement.values()[(int) level], operations, rows, threads);
            case OPERATIONS:
                return new MeasurementSetup(placement, level, rows, threads);
            case ROWS:
                return new MeasurementSetup(placement, operations, level, threads);
            default:
                return new MeasurementSetup(placement, operations, rows, (int) level);
        }
    }

    /** A read/update workload with read proportion {@code read}, zipfian keys, this setup's size. */
    WorkloadSpec workload(double read, long seed) {
        return WorkloadShape.readUpdate(read).spec(this, seed);
    }

    void save(Path root) throws IOException {
        Properties p = new Properties();
        p.setProperty("placement", placement.name().toLowerCase(Locale.ROOT));
        p.setProperty("operations", Long.toString(operations));
        p.setProperty("rows", Long.toString(rows));
        p.setProperty("threads", Integer.toString(threads));
        try (Writer w = Files.newBufferedWriter(root.resolve(FILE), StandardCharsets.UTF_8)) {
            p.store(w, "chosen by scripts/campaign.sh calibrate; see docs/benchmarks/calibration.md");
        }
    }

    static MeasurementSetup load(Path root) throws IOException {
        Path file = root.resolve(FILE);
        if (!Files.exists(file)) {
            throw new IllegalStateException(file + " does not exist: run `scripts/campaign.sh calibrate` first");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return new MeasurementSetup(Placement.valueOf(p.getProperty("placement").toUpperCase(Locale.ROOT)),
                Long.parseLong(p.getProperty("operations")), Long.parseLong(p.getProperty("rows")),
                Integer.parseInt(p.getProperty("threads")));
    }
}
