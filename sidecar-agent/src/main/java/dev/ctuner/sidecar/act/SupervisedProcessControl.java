package dev.ctuner.sidecar.act;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sidecar runs Cassandra as its child: it starts the configured command, records the PID in
 * a PID file, and stops the node by that PID (SIGTERM, then SIGKILL after the timeout). A node
 * already running under the same PID file (started by the quickstart or by an earlier sidecar) is
 * adopted, never started twice. Used by the quickstart and the tests.
 */
public final class SupervisedProcessControl implements ProcessControl {

    private static final Logger log = LoggerFactory.getLogger(SupervisedProcessControl.class);

    private final List<String> command;
    private final Path workDir;
    private final Path pidFile;
    private final Path outputFile;
    private final Path logFile;

    public SupervisedProcessControl(List<String> command, Path workDir, Path pidFile, Path outputFile, Path logFile) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("supervised mode needs the command that starts Cassandra (ctuner.sidecar.act.supervised.command)");
        }
        this.command = List.copyOf(command);
        this.workDir = workDir;
        this.pidFile = pidFile;
        this.outputFile = outputFile;
        this.logFile = logFile;
    }

    @Override
    public void stop(Duration timeout) throws Exception {
        Optional<ProcessHandle> process = current();
        if (process.isEmpty()) {
            return;
        }
        ProcessHandle handle = process.get();
        handle.destroy();
        try {
            handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            log.warn("Cassandra PID {} did not stop within {}; killing it", handle.pid(), timeout);
            handle.destroyForcibly();
            handle.onExit().get(30, TimeUnit.SECONDS);
        }
        Files.deleteIfExists(pidFile);
    }

    @Override
    public void start() throws IOException {
        if (current().isPresent()) {
            throw new IllegalStateException("Cassandra is already running as PID " + current().get().pid());
        }
        Files.createDirectories(workDir);
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(outputFile.toFile())).start();
        Files.writeString(pidFile, Long.toString(process.pid()));
        log.info("started Cassandra as PID {}", process.pid());
    }

    @Override
    public boolean isRunning() {
        return current().isPresent();
    }

    /** The process named by the PID file, if it is alive and is a Cassandra process. */
    Optional<ProcessHandle> current() {
        try {
            if (!Files.isRegularFile(pidFile)) {
                return Optional.empty();
            }
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(SupervisedProcessControl::isCassandra);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean isCassandra(ProcessHandle handle) {
        Path cmdline = Path.of("/proc", Long.toString(handle.pid()), "cmdline");
        try {
            return !Files.exists(cmdline) || Files.readString(cmdline).contains("CassandraDaemon");
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Optional<Path> logFile() {
        return Optional.ofNullable(logFile);
    }

    @Override
    public String describe() {
        return "supervised" + current().map(p -> " (PID " + p.pid() + ")").orElse(" (not running)");
    }
}
