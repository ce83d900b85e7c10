package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process), from the
 * {@code kafka_2.13} jars on Maven Central, as its own JDK process. Its storage is formatted once;
 * {@link #stop()} and {@link #start()} keep the data, so a broker outage can be simulated.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBroker.class);
    static final String MAIN_CLASS = "kafka.Kafka";

    private final ServerRuntime runtime;
    private final Path home;
    private final int port;
    private final String heap;
    private ManagedProcess process;
    private TlsFiles tls;

    public KafkaBroker(ServerRuntime runtime, Path home, int port, String heap) {
        this.runtime = runtime;
        this.home = home.toAbsolutePath().normalize();
        this.port = port;
        this.heap = heap;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /**
     * Adds, from the next {@link #startFresh}, two listeners beside the plain one: SASL_SSL (TLS with the broker's
     * key pair, SCRAM-SHA-512; users from {@link #addScramUser}) at {@link #saslSslBootstrapServers()}, and SSL
     * with client certificates required (mutual TLS) at {@link #mutualTlsBootstrapServers()}.
     */
    public KafkaBroker withTls(TlsFiles files) {
        this.tls = files;
        return this;
    }

    public String saslSslBootstrapServers() {
        return "127.0.0.1:" + (port + 2);
    }

    public String mutualTlsBootstrapServers() {
        return "127.0.0.1:" + (port + 3);
    }

    /** Creates or replaces a SCRAM-SHA-512 user, through the plain listener. */
    public void addScramUser(String user, String password) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.alterUserScramCredentials(List.of(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password))).all().get(30, TimeUnit.SECONDS);
        }
    }

    /** The broker's PID while it runs. */
    public java.util.Optional<Long> pid() {
        return process == null || !process.isAlive() ? java.util.Optional.empty() : java.util.Optional.of(process.pid());
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Wipes the directory, writes server.properties, formats the KRaft storage, starts and waits until ready. */
    public Duration startFresh(Duration timeout) throws Exception {
        Instant begin = Instant.now();
        ManagedProcess.reapStale(home, MAIN_CLASS);
        CassandraCluster.deleteRecursively(home);
        Files.createDirectories(home);
        Files.writeString(properties(), serverProperties());
        format();
        start();
        awaitReady(timeout);
        return Duration.between(begin, Instant.now());
    }

    private Path properties() {
        return home.resolve("server.properties");
    }

    private String serverProperties() {
        int controllerPort = port + 1;
        String secure = tls == null ? "" : ",SASL_SSL://" + saslSslBootstrapServers() + ",SSL://" + mutualTlsBootstrapServers();
        return String.join("\n", List.of(
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort + secure,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port + secure,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT" + (tls == null ? "" : ",SASL_SSL:SASL_SSL,SSL:SSL"),
                tlsProperties(),
                "log.dirs=" + home.resolve("data"),
                "num.partitions=3",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                // FACTS.md: with a small heap the log cleaner's default 128 MiB dedupe buffer kills the broker.
                "log.cleaner.dedupe.buffer.size=16777216",
                "")) ;
    }

    private String tlsProperties() {
        if (tls == null) {
            return "";
        }
        return String.join("\n", List.of(
                "sasl.enabled.mechanisms=SCRAM-SHA-512",
                "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "ssl.keystore.type=PKCS12",
                "ssl.keystore.location=" + tls.brokerKeystore().toAbsolutePath(),
                "ssl.keystore.password=" + tls.password(),
                "ssl.key.password=" + tls.password(),
                "ssl.truststore.type=PKCS12",
                "ssl.truststore.location=" + tls.truststore().toAbsolutePath(),
                "ssl.truststore.password=" + tls.password(),
                "listener.name.ssl.ssl.client.auth=required"));
    }

    private void format() throws Exception {
        List<String> command = List.of(runtime.java().toString(), "-Xmx256m", "-cp", runtime.kafkaClasspath(),
                "kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(), "-c", properties().toString());
        Process format = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("format.log").toFile()).start();
        if (!format.waitFor(60, TimeUnit.SECONDS)) {
            format.destroyForcibly();
            throw new IllegalStateException("formatting Kafka storage took over 60 s");
        }
        if (format.exitValue() != 0) {
            throw new IllegalStateException("formatting Kafka storage failed: " + Files.readString(home.resolve("format.log")));
        }
    }

    /** Starts the broker on its existing storage; returns at once. */
    public void start() throws IOException {
        if (isRunning()) {
            throw new IllegalStateException("broker already running as PID " + process.pid());
        }
        ManagedProcess.reapStale(home, MAIN_CLASS);
        process = ManagedProcess.start("kafka-" + port, List.of(runtime.java().toString(), "-Xms" + heap, "-Xmx" + heap,
                "-XX:+UseG1GC", "-Djava.awt.headless=true", "-Dkafka.logs.dir=" + home.resolve("logs"),
                "-Dharness.home=" + home.toAbsolutePath(),
                "-cp", runtime.kafkaClasspath(), MAIN_CLASS, properties().toString()), home);
    }

    /** Waits until the broker answers an admin request. */
    public void awaitReady(Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        Map<String, Object> config = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000);
        while (Instant.now().isBefore(deadline)) {
            if (!isRunning()) {
                throw new IllegalStateException("Kafka broker exited: see " + process.output());
            }
            try (Admin admin = Admin.create(config)) {
                admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
                log.info("Kafka broker ready at {}", bootstrapServers());
                return;
            } catch (Exception notYet) {
                Thread.sleep(250);
            }
        }
        throw new IllegalStateException("Kafka broker not ready within " + timeout);
    }

    /** Stops the broker by PID, keeping its data. */
    public void stop() {
        if (process != null) {
            process.stop(Duration.ofSeconds(30));
        }
    }

    @Override
    public void close() {
        stop();
    }
}
