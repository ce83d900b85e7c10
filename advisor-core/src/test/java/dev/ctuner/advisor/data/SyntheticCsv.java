package dev.ctuner.advisor.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/** Writes experiment CSVs in the docs/data format from a synthetic response. Test data only. */
public final class SyntheticCsv {

    static final String HEADER = "experiment_id,campaign,design_point,repetition,started_at,finished_at,quality,quality_notes,"
            + "cassandra_version,driver_version,cores,memory_mib,heap_mib,nodes,rf,read_proportion,update_proportion,"
            + "insert_proportion,scan_proportion,rmw_proportion,distribution,record_count,operation_count,threads,seed,"
            + "throughput,read_p50_us,read_p99_us,write_p50_us,write_p99_us,errors,foreign_cpu,node_cpu,client_cpu,"
            + "knob.concurrent_writes,knob.compaction.class,knob.memtable_cleanup_threshold";

    private SyntheticCsv() {
    }

    static String row(String id, String quality, String notes, double rr, long writes, String compaction, double cleanup,
                      double throughput, String readP99, String writeP99) {
        return row(id, id, quality, notes, rr, writes, compaction, cleanup, throughput, readP99, writeP99);
    }

    static String row(String id, String designPoint, String quality, String notes, double rr, long writes,
                      String compaction, double cleanup, double throughput, String readP99, String writeP99) {
        return String.format(Locale.ROOT, "%s,training,%s,0,2026-01-01T00:00:00Z,2026-01-01T00:05:00Z,%s,\"%s\",5.0.9,4.19.0,"
                        + "2,24576,4096,1,1,%.2f,%.2f,0,0,0,zipfian,100000,200000,32,7,%.1f,100,%s,90,%s,0,0.01,1.5,0.4,"
                        + "%d,%s,%.3f",
                id, designPoint, quality, notes, rr, 1 - rr, throughput, readP99, writeP99, writes, compaction, cleanup);
    }

    /** {@code configs} random configurations × read ratios 0.1, 0.5, 0.9, all OK. */
    public static Path write(Path file, int configs, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        String[] strategies = {"SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "UnifiedCompactionStrategy"};
        for (int c = 0; c < configs; c++) {
            long writes = 1L << (1 + r.nextInt(8));
            String compaction = strategies[r.nextInt(3)];
            double cleanup = 0.05 + 0.9 * r.nextDouble();
            for (double rr : new double[] {0.1, 0.5, 0.9}) {
                double lw = Math.log(writes) / Math.log(2);
                double thr = throughput(rr, writes, compaction, cleanup) * (1 + 0.02 * (r.nextDouble() - 0.5));
                double read = 1_500 + 400 * rr + (compaction.startsWith("Level") ? -300 : 0);
                double write = 700 + 40 * lw;
                lines.add(row("e" + c + "-" + rr, "OK", "", rr, writes, compaction, cleanup, thr,
                        String.format(Locale.ROOT, "%.0f", read), String.format(Locale.ROOT, "%.0f", write)));
            }
        }
        return Files.write(file, lines);
    }

    /**
     * A tuning campaign's file: {@code configs} random configurations at one read ratio, one run
     * each, with an anchor run of the defaults (32 concurrent writes, size-tiered, cleanup 0.333)
     * before the first and after every fifth.
     */
    public static Path writeTuning(Path file, int configs, double rr, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        String[] strategies = {"SizeTieredCompactionStrategy", "LeveledCompactionStrategy", "UnifiedCompactionStrategy"};
        for (int c = 0; c < configs; c++) {
            if (c % 5 == 0) {
                lines.add(row("a" + c, "anchor", "OK", "", rr, 32, strategies[0], 0.333,
                        throughput(rr, 32, strategies[0], 0.333) * (1 + 0.02 * (r.nextDouble() - 0.5)), "1500", "800"));
            }
            long writes = 1L << (1 + r.nextInt(8));
            String compaction = strategies[r.nextInt(3)];
            double cleanup = 0.05 + 0.9 * r.nextDouble();
            lines.add(row("t" + c, "t" + c, "OK", "", rr, writes, compaction, cleanup,
                    throughput(rr, writes, compaction, cleanup) * (1 + 0.02 * (r.nextDouble() - 0.5)), "1500", "800"));
        }
        return Files.write(file, lines);
    }

    /** The synthetic response, without noise. */
    static double throughput(double rr, long writes, String compaction, double cleanup) {
        double lw = Math.log(writes) / Math.log(2);
        return 40_000 + 2_000 * lw + 20_000 * (1 - rr) + (compaction.startsWith("Level") ? 8_000 * rr : 0) + 3_000 * cleanup;
    }
}
