package dev.ctuner.sidecar.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of the whole machine and of single processes, from Linux {@code /proc}. An experiment
 * reads it before and after its measured window to tell how much of the machine the node and the
 * client used, and how much went to anything else (a build, another benchmark): the noise check.
 *
 * <pre>{@code
 * CpuMeter.Reading before = CpuMeter.read(nodePid, clientPid);
 * ... run ...
 * CpuMeter.Usage use = CpuMeter.read(nodePid, clientPid).since(before);
 * if (use.foreignCores() > 0.1) { ... mark the run NOISY ... }
 * }</pre>
 */
public final class CpuMeter {

    /** Linux reports process and machine CPU time in clock ticks of 1/100 s (USER_HZ). */
    private static final double TICKS_PER_SECOND = 100.0;

    private CpuMeter() {
    }

    /**
     * One reading: busy ticks of the whole machine (all cores), ticks of the node and of the client,
     * and when it was taken.
     */
    public record Reading(long machineBusyTicks, long nodeTicks, long clientTicks, long nanoTime) {

        /** What was used between {@code earlier} and this reading, in cores (1.0 = one core busy). */
        public Usage since(Reading earlier) {
            double seconds = (nanoTime - earlier.nanoTime) / 1e9;
            if (seconds <= 0) {
                throw new IllegalArgumentException("the earlier reading is not earlier");
            }
            double node = (nodeTicks - earlier.nodeTicks) / TICKS_PER_SECOND / seconds;
            double client = (clientTicks - earlier.clientTicks) / TICKS_PER_SECOND / seconds;
            double machine = (machineBusyTicks - earlier.machineBusyTicks) / TICKS_PER_SECOND / seconds;
            return new Usage(machine, node, client, Math.max(0, machine - node - client));
        }
    }

    /** CPU use over an interval, in cores. */
    public record Usage(double machineCores, double nodeCores, double clientCores, double foreignCores) {
    }

    /** Reads the machine and the two processes now. */
    public static Reading read(long nodePid, long clientPid) throws IOException {
        return new Reading(machineBusyTicks(), processTicks(nodePid), processTicks(clientPid), System.nanoTime());
    }

    /** utime + stime of a process (all its threads), in ticks. */
    public static long processTicks(long pid) throws IOException {
        return processTicksOf(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    }

    /** utime + stime from the text of {@code /proc/PID/stat} (pure, for tests). */
    static long processTicksOf(String stat) {
        // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** Busy ticks of all cores together: everything but idle and iowait, from {@code /proc/stat}. */
    public static long machineBusyTicks() throws IOException {
        return machineBusyTicksOf(Files.readAllLines(Path.of("/proc/stat")).get(0));
    }

    /** The busy ticks from the first ({@code cpu}) line of {@code /proc/stat} (pure, for tests). */
    static long machineBusyTicksOf(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!"cpu".equals(f[0])) {
            throw new IllegalArgumentException("not the total cpu line of /proc/stat: " + cpuLine);
        }
        long busy = 0;
        // user nice system idle iowait irq softirq steal [guest guest_nice, already counted in user/nice]
        for (int i = 1; i <= Math.min(8, f.length - 1); i++) {
            if (i != 4 && i != 5) {
                busy += Long.parseLong(f[i]);
            }
        }
        return busy;
    }
}
