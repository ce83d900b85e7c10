package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server process this harness started: output to a file, its PID written beside it, stopped by
 * PID (SIGTERM, then SIGKILL after a grace period) and registered with a JVM shutdown hook so that
 * it is stopped also when a test fails or the JVM exits. A PID file left by a JVM that was killed
 * is reaped by {@link #reapStale(Path, String)} on the next start.
 */
public final class ManagedProcess {

    private static final Logger log = LoggerFactory.getLogger(ManagedProcess.class);
    /** Set by a program that stops its processes in its own order at exit; the per-process hooks wait for it. */
    private static volatile CountDownLatch orderlyExit;

    private final String name;
    private final ProcessHandle process;
    private final Process child;
    private final Path pidFile;
    private final Path output;
    private final Thread shutdownHook;

    private ManagedProcess(String name, ProcessHandle process, Process child, Path pidFile, Path output) {
        this.name = name;
        this.process = process;
        this.child = child;
        this.pidFile = pidFile;
        this.output = output;
        this.shutdownHook = new Thread(() -> {
            awaitOrderlyExit();
            stop(Duration.ofSeconds(20));
        }, "stop-" + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * For a program that stops what it started in its own order when the JVM exits (the quickstart: the client load
     * first, then the sidecars, then Cassandra): JVM shutdown hooks run all at once, so each process's own hook waits
     * until {@code done} counts down (at most 2 minutes) and then stops only what is still running.
     */
    public static void deferExitHooksUntil(CountDownLatch done) {
        orderlyExit = done;
    }

    private static void awaitOrderlyExit() {
        CountDownLatch done = orderlyExit;
        if (done != null) {
            try {
                done.await(2, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Starts {@code command} in {@code workDir}, output to {@code workDir/out.log}, PID to {@code workDir/pid}. */
    public static ManagedProcess start(String name, List<String> command, Path workDir) throws IOException {
        return start(name, command, workDir, java.util.Map.of());
    }

    /** As {@link #start(String, List, Path)}, with extra environment variables. */
    public static ManagedProcess start(String name, List<String> command, Path workDir, java.util.Map<String, String> environment)
            throws IOException {
        Files.createDirectories(workDir);
        Path output = workDir.resolve("out.log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        builder.environment().putAll(environment);
        Process process = builder.start();
        Path pidFile = workDir.resolve("pid");
        Files.writeString(pidFile, Long.toString(process.pid()));
        log.info("started {} as PID {}", name, process.pid());
        return new ManagedProcess(name, process.toHandle(), process, pidFile, output);
    }

    /**
     * Takes over a process another party started and recorded in {@code workDir/pid} (for instance a
     * Cassandra node that a supervised sidecar restarted), so that it too is stopped by PID at the end.
     */
    public static Optional<ManagedProcess> adopt(String name, Path workDir, String marker) {
        Path pidFile = workDir.resolve("pid");
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            Optional<ProcessHandle> handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            String cmdline = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
            if (handle.isEmpty() || !cmdline.contains(marker)) {
                return Optional.empty();
            }
            return Optional.of(new ManagedProcess(name, handle.get(), null, pidFile, workDir.resolve("out.log")));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Kills a process recorded in {@code workDir/pid} by an earlier JVM that could not stop it, but
     * only if that PID still runs a command containing {@code marker} and the work directory (so a
     * recycled PID of someone else's process is never touched).
     */
    public static void reapStale(Path workDir, String marker) {
        Path pidFile = workDir.resolve("pid");
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            if (handle.isPresent()) {
                String cmdline = Files.exists(Path.of("/proc", Long.toString(pid), "cmdline"))
                        ? Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ') : "";
                if (cmdline.contains(marker) && cmdline.contains(workDir.toAbsolutePath().toString())) {
                    log.warn("stopping stale process PID {} left in {}", pid, workDir);
                    handle.get().destroyForcibly();
                    handle.get().onExit().get(30, TimeUnit.SECONDS);
                }
            }
            Files.deleteIfExists(pidFile);
        } catch (Exception e) {
            log.warn("could not reap stale process from {}: {}", pidFile, e.toString());
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path output() {
        return output;
    }

    /** Exit code if the process has ended (known only for processes this JVM started). */
    public Optional<Integer> exitCode() {
        return process.isAlive() || child == null ? Optional.empty() : Optional.of(child.exitValue());
    }

    /** SIGTERM, wait up to {@code grace}, then SIGKILL. Idempotent. */
    public void stop(Duration grace) {
        if (process.isAlive()) {
            process.destroy();
            try {
                process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                log.warn("{} (PID {}) did not stop within {}; killing it", name, process.pid(), grace);
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                kill();
            }
        }
        cleanUp();
    }

    /** SIGKILL, as a crash would. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            log.warn("{} (PID {}) still there after SIGKILL", name, process.pid());
        }
        cleanUp();
    }

    private void cleanUp() {
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            log.debug("could not delete {}", pidFile, e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // Already running as the hook itself.
        }
    }

    @Override
    public String toString() {
        return name + " (PID " + process.pid() + ")";
    }
}
