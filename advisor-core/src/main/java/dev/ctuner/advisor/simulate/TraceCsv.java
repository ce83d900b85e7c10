package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The workload trace CSV: one row per step, {@code step,time_s,read,update,insert,scan,rmw,rate}
 * (proportions 0..1, rate in operations per second). Steps must be consecutive from 0 and evenly
 * spaced in time; the step length is read from the first two rows.
 *
 * <pre>
 * step,time_s,read,update,insert,scan,rmw,rate
 * 0,0,0.9500,0.0500,0,0,0,40000.0
 * 1,30,0.0500,0.9500,0,0,0,40000.0
 * </pre>
 */
public final class TraceCsv {

    static final String HEADER = "step,time_s,read,update,insert,scan,rmw,rate";

    private TraceCsv() {
    }

    public static void write(WorkloadSeries series, Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (int t = 0; t < series.size(); t++) {
            double[] m = series.at(t).mix();
            lines.add(String.format(Locale.ROOT, "%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.3f", t,
                    series.startSeconds() + t * series.stepSeconds(), m[0], m[1], m[2], m[3], m[4], series.at(t).rate()));
        }
        Files.write(file, lines);
    }

    public static WorkloadSeries read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty() || !lines.get(0).trim().equals(HEADER)) {
            throw new IllegalArgumentException(file + ": expected header '" + HEADER + "'");
        }
        List<WorkloadVector> vectors = new ArrayList<>();
        long start = 0;
        long step = 1;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length != 8) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": expected 8 fields, got " + f.length);
            }
            try {
                int index = Integer.parseInt(f[0].trim());
                long time = Long.parseLong(f[1].trim());
                if (index != vectors.size()) {
                    throw new IllegalArgumentException(file + " line " + (i + 1) + ": step " + index + " out of order, expected "
                            + vectors.size());
                }
                if (index == 0) {
                    start = time;
                } else if (index == 1) {
                    step = time - start;
                } else if (time != start + index * step) {
                    throw new IllegalArgumentException(file + " line " + (i + 1) + ": time " + time + " is not evenly spaced");
                }
                double[] mix = new double[5];
                for (int j = 0; j < 5; j++) {
                    mix[j] = Double.parseDouble(f[2 + j].trim());
                }
                vectors.add(new WorkloadVector(mix, Double.parseDouble(f[7].trim())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        if (step <= 0) {
            throw new IllegalArgumentException(file + ": times must increase");
        }
        return new WorkloadSeries(start, step, vectors);
    }
}
