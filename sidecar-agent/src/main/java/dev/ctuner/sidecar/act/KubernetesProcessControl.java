package dev.ctuner.sidecar.act;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Kubernetes: the sidecar container shares the pod's process namespace
 * ({@code shareProcessNamespace: true}) and is allowed to signal the Cassandra process. To
 * restart, it finds the Cassandra JVM in /proc, sends SIGTERM and waits for it to exit; the
 * kubelet then restarts the Cassandra container (restartPolicy Always), which reads the changed
 * cassandra.yaml from the volume both containers mount. {@link #start()} only waits for that.
 * The restart itself needs a pod; what runs here is the /proc lookup and the signalling.
 */
public final class KubernetesProcessControl implements ProcessControl {

    private final Path proc;
    private final Path logFile;
    private final Duration restartWait;

    public KubernetesProcessControl(Path proc, Path logFile, Duration restartWait) {
        this.proc = proc;
        this.logFile = logFile;
        this.restartWait = restartWait;
    }

    /** The PID of the Cassandra JVM visible in the shared process namespace. */
    Optional<Long> cassandraPid() throws IOException {
        try (Stream<Path> entries = Files.list(proc)) {
            return entries.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> {
                        try {
                            return Files.readString(p.resolve("cmdline")).contains("org.apache.cassandra.service.CassandraDaemon");
                        } catch (IOException gone) {
                            return false;
                        }
                    })
                    .map(p -> Long.parseLong(p.getFileName().toString())).findFirst();
        }
    }

    @Override
    public void stop(Duration timeout) throws Exception {
        Optional<Long> pid = cassandraPid();
        if (pid.isEmpty()) {
            return;
        }
        ProcessHandle handle = ProcessHandle.of(pid.get()).orElseThrow();
        handle.destroy();
        handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void start() throws Exception {
        long deadline = System.currentTimeMillis() + restartWait.toMillis();
        while (cassandraPid().isEmpty()) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the kubelet did not restart the Cassandra container within " + restartWait);
            }
            Thread.sleep(500);
        }
    }

    @Override
    public boolean isRunning() throws Exception {
        return cassandraPid().isPresent();
    }

    @Override
    public Optional<Path> logFile() {
        return Optional.ofNullable(logFile);
    }

    @Override
    public String describe() {
        return "kubernetes (shared process namespace)";
    }
}
