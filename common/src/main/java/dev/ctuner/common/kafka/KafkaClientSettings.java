package dev.ctuner.common.kafka;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings of every Kafka client of an app, in three layers: first what the operator configured
 * for Kafka clients in general (in the apps, Spring Boot's {@code spring.kafka.*}: brokers, TLS, mTLS,
 * SASL and any client property), then the app's own {@code bootstrap-servers} setting when it is
 * given, last the settings a client's guarantees rest on (acknowledgements, idempotence, manual
 * commits, its group), which no configuration can change.
 */
public final class KafkaClientSettings {

    public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";

    private final Map<String, Object> producer;
    private final Map<String, Object> consumer;
    private final Map<String, Object> admin;

    private KafkaClientSettings(Map<String, Object> producer, Map<String, Object> consumer, Map<String, Object> admin) {
        this.producer = Map.copyOf(producer);
        this.consumer = Map.copyOf(consumer);
        this.admin = Map.copyOf(admin);
    }

    /**
     * @param producer, consumer, admin the configured settings for each kind of client (as Spring Boot's
     *        {@code KafkaProperties.buildProducerProperties()} and its siblings give them)
     * @param bootstrapServers the app's own broker list; null or blank keeps the configured one
     */
    public static KafkaClientSettings of(Map<String, Object> producer, Map<String, Object> consumer, Map<String, Object> admin,
                                         String bootstrapServers) {
        return new KafkaClientSettings(withBrokers(producer, bootstrapServers), withBrokers(consumer, bootstrapServers),
                withBrokers(admin, bootstrapServers));
    }

    /** Plain-text clients of the given brokers and nothing else configured (tests, tools). */
    public static KafkaClientSettings plain(String bootstrapServers) {
        Map<String, Object> brokers = Map.of(BOOTSTRAP_SERVERS, bootstrapServers);
        return new KafkaClientSettings(brokers, brokers, brokers);
    }

    private static Map<String, Object> withBrokers(Map<String, Object> configured, String bootstrapServers) {
        Map<String, Object> settings = new LinkedHashMap<>();
        configured.forEach((k, v) -> {
            if (v != null) {
                settings.put(k, v);
            }
        });
        if (bootstrapServers != null && !bootstrapServers.isBlank()) {
            settings.put(BOOTSTRAP_SERVERS, bootstrapServers.strip());
        }
        if (!settings.containsKey(BOOTSTRAP_SERVERS)) {
            throw new IllegalArgumentException("no Kafka brokers configured: set spring.kafka.bootstrap-servers");
        }
        return settings;
    }

    public Map<String, Object> producer(Map<String, Object> fixed) {
        return over(producer, fixed);
    }

    public Map<String, Object> consumer(Map<String, Object> fixed) {
        return over(consumer, fixed);
    }

    public Map<String, Object> admin(Map<String, Object> fixed) {
        return over(admin, fixed);
    }

    private static Map<String, Object> over(Map<String, Object> base, Map<String, Object> fixed) {
        Map<String, Object> settings = new LinkedHashMap<>(base);
        settings.putAll(fixed);
        return settings;
    }

    /** The brokers, as the clients will be given them, for messages and health details. */
    public String bootstrapServers() {
        Object brokers = admin.get(BOOTSTRAP_SERVERS);
        return brokers instanceof List<?> list ? String.join(",", list.stream().map(String::valueOf).toList()) : String.valueOf(brokers);
    }

    /** The security protocol the clients use ({@code PLAINTEXT} unless configured). */
    public String securityProtocol() {
        return String.valueOf(admin.getOrDefault("security.protocol", "PLAINTEXT"));
    }

    /** One line for the log: brokers, security protocol and SASL mechanism; never a password. */
    public String summary() {
        Object mechanism = admin.get("sasl.mechanism");
        return "brokers " + bootstrapServers() + ", security " + securityProtocol()
                + (securityProtocol().startsWith("SASL") ? ", SASL " + (mechanism == null ? "GSSAPI" : mechanism) : "");
    }
}
