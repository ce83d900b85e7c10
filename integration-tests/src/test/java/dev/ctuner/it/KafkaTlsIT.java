package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.SidecarProcess;
import dev.ctuner.harness.SidecarSettings;
import dev.ctuner.harness.TlsFiles;
import com.datastax.oss.driver.api.core.CqlSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Both apps on a secured broker, configured only through Spring Boot's {@code spring.kafka.*}: a real
 * broker of its own (keystores made by keytool for this run) with a SASL_SSL listener (SCRAM-SHA-512)
 * and an SSL listener that requires client certificates. The advisor (its own process) reads the
 * sidecars over SASL_SSL; an acting sidecar publishes and takes commands over mutual TLS; a sidecar
 * with a wrong SCRAM password is refused and its health says why. No configured secret appears in
 * any app's log.
 */
class KafkaTlsIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final int BROKER_PORT = 19292;   // 19293 controller, 19294 SASL_SSL, 19295 SSL with client certificates
    private static final int ADVISOR_PORT = 18190;
    private static final int SIDECAR_PORT = 18191;
    private static final int REFUSED_SIDECAR_PORT = 18192;
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @Test
    void advisorAndSidecarsWorkOverTlsAndSaslAndAWrongPasswordIsRefusedClearly() throws Exception {
        CassandraCluster ring = Servers.ring();
        ring.awaitAllUp(Duration.ofSeconds(120));
        CassandraNode first = ring.nodes().get(0);
        CassandraNode second = ring.nodes().get(1);
        Path dir = Servers.WORK.resolve("kafka-tls");
        TlsFiles tls = TlsFiles.create(dir.resolve("pki"), Servers.RUNTIME.java());
        String scramPassword = secret();
        String wrongPassword = secret();
        Topics topics = new Topics("tls" + System.nanoTime());
        try (KafkaBroker broker = new KafkaBroker(Servers.RUNTIME, dir.resolve("kafka"), BROKER_PORT, "256m").withTls(tls)) {
            broker.startFresh(Duration.ofSeconds(60));
            broker.addScramUser("ctuner", scramPassword);

            Map<String, String> advisorSettings = AdvisorRollouts.settings(broker, topics.prefix());
            advisorSettings.putAll(scram(broker, tls, "ctuner", scramPassword));
            advisorSettings.put("ctuner.advisor.kafka.bootstrap-servers", broker.saslSslBootstrapServers());
            try (AdvisorProcess advisor = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(ROOT), dir.resolve("advisor"),
                         ADVISOR_PORT, advisorSettings);
                 Advisor commands = new Advisor(broker, topics);
                 TopicRecorder results = new TopicRecorder(broker, List.of(topics.results()))) {
                advisor.awaitServing(Duration.ofSeconds(120));

                Map<String, String> acting = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                acting.putAll(SidecarSettings.acting(first, broker, topics.prefix(), commands.writePublicKey(dir.resolve("keys")),
                        dir.resolve("sidecar-1").resolve("state")));
                acting.putAll(mutualTls(broker, tls));
                acting.put("ctuner.sidecar.cluster-id", "it-ring");
                Map<String, String> refused = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                refused.putAll(SidecarSettings.observing(second, broker, topics.prefix()));
                refused.putAll(scram(broker, tls, "ctuner", wrongPassword));
                refused.put("ctuner.sidecar.kafka.bootstrap-servers", broker.saslSslBootstrapServers());
                refused.put("ctuner.sidecar.cluster-id", "it-ring");
                try (SidecarProcess sidecar = SidecarProcess.start(Servers.RUNTIME, SidecarProcess.jar(ROOT), dir.resolve("sidecar-1"),
                             SIDECAR_PORT, acting);
                     SidecarProcess refusedSidecar = SidecarProcess.start(Servers.RUNTIME, SidecarProcess.jar(ROOT),
                             dir.resolve("sidecar-2"), REFUSED_SIDECAR_PORT, refused)) {
                    sidecar.awaitServing(Duration.ofSeconds(90));
                    refusedSidecar.awaitServing(Duration.ofSeconds(90));

                    // The advisor ingests, over SASL_SSL, what the sidecar published over mutual TLS.
                    JsonNode observations = await(Duration.ofSeconds(90), () -> {
                        JsonNode page = JSON.readTree(advisor.get("/api/v1/clusters/it-ring/observations?limit=100"));
                        return page.toString().contains("\"127.0.0.1\"") ? page : null;
                    });
                    assertThat(observations.toString()).as("nothing from the sidecar the broker refused").doesNotContain("\"127.0.0.2\"");
                    assertThat(health(sidecar).at("/components/kafka/status").asString()).isEqualTo("UP");

                    // A signed command reaches the sidecar's consumer over mutual TLS; its answer comes back the same way.
                    String throughput;
                    try (CqlSession session = ring.sessionTo(first)) {
                        throughput = CassandraCluster.setting(session, first, "compaction_throughput");
                    }
                    Envelope command = commands.signed(commands.apply(first.address(), Map.of("compaction_throughput", throughput),
                            ExpectedMode.LIVE, Instant.now().plusSeconds(300)));
                    commands.send(command);
                    CommandResult done = SidecarActsIT.awaitFinal(results, command.id(), Duration.ofSeconds(60));
                    assertThat(done.status()).isEqualTo(CommandStatus.DONE);

                    // The wrong password: refused by the broker, and the sidecar's health says so.
                    JsonNode kafka = await(Duration.ofSeconds(60), () -> {
                        JsonNode h = health(refusedSidecar).at("/components/kafka");
                        return "DOWN".equals(h.at("/status").asString()) && h.at("/details/error").asString().contains("Authentication failed")
                                ? h : null;
                    });
                    assertThat(kafka.at("/details/error").asString()).contains("invalid credentials", "SCRAM-SHA-512");

                    for (Path log : List.of(advisor.output(), sidecar.output(), refusedSidecar.output())) {
                        assertThat(Files.readString(log)).as(log.toString())
                                .doesNotContain(scramPassword).doesNotContain(wrongPassword).doesNotContain(tls.password())
                                .contains("Kafka clients: brokers 127.0.0.1:1929");
                    }
                }
            }
        }
    }

    /** SASL_SSL with SCRAM-SHA-512, the broker's CA trusted: what an operator puts under spring.kafka. */
    private static Map<String, String> scram(KafkaBroker broker, TlsFiles tls, String user, String password) {
        Map<String, String> settings = trust(tls);
        settings.put("spring.kafka.security.protocol", "SASL_SSL");
        settings.put("spring.kafka.properties.sasl.mechanism", "SCRAM-SHA-512");
        settings.put("spring.kafka.properties.sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required"
                + " username=\"" + user + "\" password=\"" + password + "\";");
        return settings;
    }

    /** SSL with this client's own certificate (mutual TLS). */
    private static Map<String, String> mutualTls(KafkaBroker broker, TlsFiles tls) {
        Map<String, String> settings = trust(tls);
        settings.put("ctuner.sidecar.kafka.bootstrap-servers", broker.mutualTlsBootstrapServers());
        settings.put("spring.kafka.security.protocol", "SSL");
        settings.put("spring.kafka.ssl.key-store-location", "file:" + tls.clientKeystore().toAbsolutePath());
        settings.put("spring.kafka.ssl.key-store-password", tls.password());
        settings.put("spring.kafka.ssl.key-store-type", "PKCS12");
        settings.put("spring.kafka.ssl.key-password", tls.password());
        return settings;
    }

    private static Map<String, String> trust(TlsFiles tls) {
        Map<String, String> settings = new TreeMap<>();
        settings.put("spring.kafka.ssl.trust-store-location", "file:" + tls.truststore().toAbsolutePath());
        settings.put("spring.kafka.ssl.trust-store-password", tls.password());
        settings.put("spring.kafka.ssl.trust-store-type", "PKCS12");
        return settings;
    }

    private static JsonNode health(SidecarProcess sidecar) throws Exception {
        return JSON.readTree(sidecar.get("/actuator/health"));
    }

    private static String secret() {
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    interface Probe<T> {
        T get() throws Exception;
    }

    private static <T> T await(Duration timeout, Probe<T> probe) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        T value = null;
        while (value == null && Instant.now().isBefore(deadline)) {
            value = probe.get();
            if (value == null) {
                Thread.sleep(1000);
            }
        }
        assertThat(value).as("within %s", timeout).isNotNull();
        return value;
    }
}
