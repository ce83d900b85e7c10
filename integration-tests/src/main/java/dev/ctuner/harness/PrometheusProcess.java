package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * A real Prometheus server (the Debian package's binary) as its own process, stopped by PID. Its
 * configuration is the shipped {@code observability/prometheus/prometheus.yml} with this machine's
 * targets and intervals put in, and it loads the given alert rules. The advisor is scraped either
 * on its management port without credentials, or on its main port as a user whose password is in a
 * file (never on the command line).
 */
public final class PrometheusProcess implements AutoCloseable {

    /** The shipped scrape configuration, relative to the repository root. */
    public static final Path SHIPPED_CONFIG = Path.of("observability", "prometheus", "prometheus.yml");
    static final String ADVISOR_JOB = "ctuner-advisor";
    static final String SIDECAR_JOB = "ctuner-sidecar";

    private final ManagedProcess process;
    private final int port;

    private PrometheusProcess(ManagedProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * What to scrape and how often.
     *
     * @param advisor         host:port of the advisor's metrics
     * @param advisorPassword the password of the advisor's {@code admin} user, or empty for a management port
     * @param sidecars        host:port of each sidecar
     */
    public record Scrape(String advisor, Optional<String> advisorPassword, List<String> sidecars, Duration scrapeInterval,
                         Duration evaluationInterval) {

        public Scrape {
            sidecars = List.copyOf(sidecars);
        }
    }

    /** Starts Prometheus on 127.0.0.1:{@code port} with the shipped configuration, {@code scrape} and {@code rules}. */
    public static PrometheusProcess start(Path binary, Path root, Path dir, int port, Scrape scrape, AlertRules rules) throws IOException {
        CassandraCluster.deleteRecursively(dir);
        Files.createDirectories(dir);
        Optional<Path> passwordFile = Optional.empty();
        if (scrape.advisorPassword().isPresent()) {
            Path file = dir.resolve("advisor-password");
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, scrape.advisorPassword().get());
            passwordFile = Optional.of(file);
        }
        Path rulesFile = dir.resolve("ctuner-alerts.yml");
        rules.write(rulesFile);
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, config(Files.readString(root.resolve(SHIPPED_CONFIG)), scrape, passwordFile, rulesFile));
        List<String> command = List.of(binary.toString(), "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port);
        return new PrometheusProcess(ManagedProcess.start("prometheus", command, dir), port);
    }

    /** The shipped configuration {@code shipped} with the targets, intervals, credentials and rule file of this run. */
    @SuppressWarnings("unchecked")
    static String config(String shipped, Scrape scrape, Optional<Path> advisorPasswordFile, Path rulesFile) {
        Map<String, Object> config = new Yaml().load(shipped);
        Map<String, Object> global = (Map<String, Object>) config.computeIfAbsent("global", k -> new LinkedHashMap<>());
        global.put("scrape_interval", scrape.scrapeInterval().toSeconds() + "s");
        global.put("evaluation_interval", scrape.evaluationInterval().toSeconds() + "s");
        config.put("rule_files", List.of(rulesFile.toAbsolutePath().toString()));
        List<String> seen = new ArrayList<>();
        for (Map<String, Object> job : (List<Map<String, Object>>) config.get("scrape_configs")) {
            String name = String.valueOf(job.get("job_name"));
            seen.add(name);
            if (ADVISOR_JOB.equals(name)) {
                job.put("static_configs", List.of(Map.of("targets", List.of(scrape.advisor()))));
                advisorPasswordFile.ifPresent(file -> job.put("basic_auth",
                        Map.of("username", "admin", "password_file", file.toAbsolutePath().toString())));
            } else if (SIDECAR_JOB.equals(name)) {
                job.put("static_configs", List.of(Map.of("targets", scrape.sidecars())));
            }
        }
        if (!seen.containsAll(List.of(ADVISOR_JOB, SIDECAR_JOB))) {
            throw new IllegalStateException(SHIPPED_CONFIG + " must have the jobs " + ADVISOR_JOB + " and " + SIDECAR_JOB
                    + " (the alert rules select on them); it has " + seen);
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options).dump(config);
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public Path output() {
        return process.output();
    }

    @Override
    public void close() {
        process.stop(Duration.ofSeconds(10));
    }

    @Override
    public String toString() {
        return "Prometheus (PID " + process.pid() + ")";
    }
}
