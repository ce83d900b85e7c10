package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A real Prometheus server (the Debian package's binary) scraping the advisor (with its generated
 * admin credentials from a password file, never on the command line) and the sidecars, as its own
 * process, stopped by PID.
 */
final class PrometheusProcess implements AutoCloseable {

    private final ManagedProcess process;
    private final int port;

    private PrometheusProcess(ManagedProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static PrometheusProcess start(Path binary, Path dir, int port, int advisorPort, String advisorPassword, List<Integer> sidecarPorts)
            throws IOException {
        CassandraCluster.deleteRecursively(dir);
        Files.createDirectories(dir);
        Path advisorPasswordFile = dir.resolve("advisor-password");
        Files.createFile(advisorPasswordFile, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        Files.writeString(advisorPasswordFile, advisorPassword);
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, config(advisorPort, advisorPasswordFile, sidecarPorts));
        List<String> command = List.of(binary.toString(), "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port);
        return new PrometheusProcess(ManagedProcess.start("prometheus", command, dir), port);
    }

    static String config(int advisorPort, Path advisorPasswordFile, List<Integer> sidecarPorts) {
        String sidecars = sidecarPorts.stream().map(p -> "'127.0.0.1:" + p + "'").collect(Collectors.joining(", "));
        return """
                global:
                  scrape_interval: 15s
                scrape_configs:
                  - job_name: ctuner-advisor
                    metrics_path: /actuator/prometheus
                    basic_auth:
                      username: admin
                      password_file: %s
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                  - job_name: ctuner-sidecar
                    metrics_path: /actuator/prometheus
                    static_configs:
                      - targets: [%s]
                """.formatted(advisorPasswordFile.toAbsolutePath(), advisorPort, sidecars);
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
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
