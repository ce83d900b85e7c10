package dev.ctuner.harness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The advisor service as its own JVM process (the runnable {@code advisor-service-*-exec.jar}), so a
 * test can kill it with SIGKILL as a crash would, and start it again on the same data directory.
 * Talks to its REST API as the generated {@code admin} user.
 */
public final class AdvisorProcess implements AutoCloseable {

    private final ManagedProcess process;
    private final int httpPort;
    private final Path dataDir;
    private final HttpClient http = HttpClient.newHttpClient();

    private AdvisorProcess(ManagedProcess process, int httpPort, Path dataDir) {
        this.process = process;
        this.httpPort = httpPort;
        this.dataDir = dataDir;
    }

    /** The runnable jar the reactor build puts under {@code projectRoot/advisor-service/target}. */
    public static Path jar(Path projectRoot) throws IOException {
        try (var files = Files.list(projectRoot.resolve("advisor-service/target"))) {
            return files.filter(p -> p.getFileName().toString().endsWith("-exec.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no advisor-service/target/*-exec.jar: build with"
                            + " ./mvnw -o -q -pl integration-tests -am verify (it packages the advisor first)"));
        }
    }

    /**
     * Starts the advisor with its H2 database, signing key and admin password under {@code dataDir}.
     * Its public key for the sidecars is {@link #publicKeyFile()}.
     */
    public static AdvisorProcess start(ServerRuntime runtime, Path jar, Path dataDir, int httpPort, Map<String, String> settings)
            throws IOException {
        Files.createDirectories(dataDir);
        List<String> command = new ArrayList<>();
        command.add(runtime.java().toString());
        command.addAll(List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        command.add("-jar");
        command.add(jar.toAbsolutePath().toString());
        command.add("--server.port=" + httpPort);
        command.add("--ctuner.advisor.data-dir=" + dataDir.toAbsolutePath());   // the users file too, never the home directory
        if (settings.keySet().stream().noneMatch(k -> k.startsWith("ctuner.advisor.learning."))) {
            // with no dataset configured the advisor would train on its bundled data at start, costing CPU the test needs
            command.add("--ctuner.advisor.learning.train-at-startup=false");
        }
        Map<String, String> defaults = new java.util.LinkedHashMap<>();
        defaults.put("spring.datasource.url", "jdbc:h2:file:" + dataDir.resolve("advisor").toAbsolutePath());
        defaults.put("ctuner.advisor.security.initial-admin-password-file", dataDir.resolve("admin-password").toAbsolutePath().toString());
        defaults.put("ctuner.advisor.rollout.signing-key-file", dataDir.resolve("signing-key.pem").toAbsolutePath().toString());
        defaults.put("ctuner.advisor.rollout.public-key-file", dataDir.resolve("public-key.pem").toAbsolutePath().toString());
        defaults.forEach((k, v) -> {
            if (!settings.containsKey(k)) {   // a property given twice on the command line would be read as "a,b"
                command.add("--" + k + "=" + v);
            }
        });
        settings.forEach((k, v) -> command.add("--" + k + "=" + v));
        return new AdvisorProcess(ManagedProcess.start("advisor-" + httpPort, command, dataDir, Map.of("MALLOC_ARENA_MAX", "2")),
                httpPort, dataDir);
    }

    public Path publicKeyFile() {
        return dataDir.resolve("public-key.pem");
    }

    /** The advisor's health as JSON (signed in: with the components' details). */
    public String health() throws IOException, InterruptedException {
        String password = adminPassword();
        String auth = Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
        return http.send(HttpRequest.newBuilder(URI.create(base() + "/actuator/health")).header("Authorization", "Basic " + auth)
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    /** Waits until the API answers (401 without credentials counts: the app is serving). */
    public Duration awaitServing(Duration timeout) throws InterruptedException {
        Instant start = Instant.now();
        while (Duration.between(start, Instant.now()).compareTo(timeout) < 0) {
            if (!process.isAlive()) {
                throw new IllegalStateException("advisor exited; see " + process.output());
            }
            try {
                int status = http.send(HttpRequest.newBuilder(URI.create(base() + "/api/v1/recommendations"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 401 || status == 200) {
                    return Duration.between(start, Instant.now());
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("advisor not serving within " + timeout + "; see " + process.output());
    }

    public String get(String path) throws IOException, InterruptedException {
        return call(HttpRequest.newBuilder(URI.create(base() + path)).GET(), path);
    }

    public String post(String path, String json) throws IOException, InterruptedException {
        return call(HttpRequest.newBuilder(URI.create(base() + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)), path);
    }

    public String put(String path, String json) throws IOException, InterruptedException {
        return call(HttpRequest.newBuilder(URI.create(base() + path)).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)), path);
    }

    /** The generated admin's password: the first line of its file (the lines after it say how to replace the account). */
    public String adminPassword() throws IOException {
        return Files.readAllLines(dataDir.resolve("admin-password")).get(0).strip();
    }

    private String call(HttpRequest.Builder request, String path) throws IOException, InterruptedException {
        String password = adminPassword();
        String auth = Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response = http.send(request.header("Authorization", "Basic " + auth)
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IOException(path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private String base() {
        return "http://127.0.0.1:" + httpPort;
    }

    public long pid() {
        return process.pid();
    }

    public Path output() {
        return process.output();
    }

    /** SIGKILL: no shutdown hook, no graceful close, as a crash. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.stop(Duration.ofSeconds(20));
    }
}
