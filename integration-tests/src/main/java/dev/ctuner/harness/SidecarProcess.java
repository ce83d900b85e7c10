package dev.ctuner.harness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sidecar agent as its own JVM process (the runnable {@code sidecar-agent-*-exec.jar}), as it
 * runs in production, for benchmarks and the quickstart. Settings are passed as
 * {@code --ctuner.sidecar.…=value} arguments. Stopped by PID.
 */
public final class SidecarProcess implements AutoCloseable {

    /** JVM settings that keep the sidecar small next to Cassandra (measured in docs/benchmarks/sidecar-overhead.md). */
    public static final List<String> JVM_OPTIONS = List.of("-Xms16m", "-Xmx48m", "-XX:MinHeapFreeRatio=10",
            "-XX:MaxHeapFreeRatio=30", "-Xss256k", "-XX:+UseSerialGC", "-XX:MaxMetaspaceSize=128m", "-XX:ReservedCodeCacheSize=32m",
            "-XX:TieredStopAtLevel=1");

    private final ManagedProcess process;
    private final int httpPort;

    private SidecarProcess(ManagedProcess process, int httpPort) {
        this.process = process;
        this.httpPort = httpPort;
    }

    /** The runnable jar built by {@code ./mvnw install} under {@code projectRoot/sidecar-agent/target}. */
    public static Path jar(Path projectRoot) throws IOException {
        try (var files = Files.list(projectRoot.resolve("sidecar-agent/target"))) {
            return files.filter(p -> p.getFileName().toString().endsWith("-exec.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no sidecar-agent/target/*-exec.jar: build with ./mvnw -q install -DskipTests"));
        }
    }

    public static SidecarProcess start(ServerRuntime runtime, Path jar, Path workDir, int httpPort, Map<String, String> settings)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(runtime.java().toString());
        command.addAll(JVM_OPTIONS);
        command.add("-Dharness.home=" + workDir.toAbsolutePath());
        command.add("-jar");
        command.add(jar.toAbsolutePath().toString());
        command.add("--server.port=" + httpPort);
        command.add("--server.tomcat.threads.max=4");
        command.add("--server.tomcat.threads.min-spare=1");
        settings.forEach((k, v) -> command.add("--" + k + "=" + v));
        // glibc's per-thread malloc arenas cost tens of MiB of resident memory for nothing here.
        return new SidecarProcess(ManagedProcess.start("sidecar-" + httpPort, command, workDir, Map.of("MALLOC_ARENA_MAX", "2")), httpPort);
    }

    /** Waits until /actuator/health answers (UP or DOWN: the app is serving). */
    public Duration awaitServing(Duration timeout) throws InterruptedException {
        Instant start = Instant.now();
        HttpClient http = HttpClient.newHttpClient();
        while (Duration.between(start, Instant.now()).compareTo(timeout) < 0) {
            if (!process.isAlive()) {
                throw new IllegalStateException("sidecar exited; see " + process.output());
            }
            try {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort
                        + "/actuator/health")).timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200 || response.statusCode() == 503) {
                    return Duration.between(start, Instant.now());
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("sidecar not serving within " + timeout);
    }

    public long pid() {
        return process.pid();
    }

    /** Where the sidecar's standard output and error (its log) go. */
    public Path output() {
        return process.output();
    }

    /** Resident set size of the process, from /proc. */
    public Optional<Long> residentKiB() {
        return statusKiB("VmRSS:");
    }

    /** Peak resident set size of the process, from /proc. */
    public Optional<Long> peakResidentKiB() {
        return statusKiB("VmHWM:");
    }

    private Optional<Long> statusKiB(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
                if (line.startsWith(field)) {
                    return Optional.of(Long.parseLong(line.replaceAll("[^0-9]", "")));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** SIGSTOP: the process holds its memory but uses no CPU and sends nothing. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause()}. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        int exit = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed with " + exit);
        }
    }

    public String get(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Override
    public void close() {
        try {
            resume();
        } catch (IOException | InterruptedException ignored) {
            // Not paused, or already gone.
        }
        process.stop(Duration.ofSeconds(20));
    }
}
