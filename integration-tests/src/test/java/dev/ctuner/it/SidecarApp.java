package dev.ctuner.it;

import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.SidecarSettings;
import dev.ctuner.sidecar.SidecarApplication;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A real sidecar application (Spring Boot, random HTTP port) attached to one harness node and the broker. */
final class SidecarApp implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private SidecarApp(ConfigurableApplicationContext context) {
        this.context = context;
    }

    static SidecarApp start(CassandraNode node, KafkaBroker broker, String topicPrefix, Map<String, String> extra) {
        Map<String, String> props = new TreeMap<>(SidecarSettings.observing(node, broker, topicPrefix));
        props.put("server.port", "0");
        props.put("ctuner.sidecar.cluster-id", "it-ring");
        props.putAll(extra);
        List<String> args = new ArrayList<>();
        props.forEach((k, v) -> args.add("--" + k + "=" + v));
        return new SidecarApp(new SpringApplicationBuilder(SidecarApplication.class).run(args.toArray(String[]::new)));
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    int httpPort() {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    boolean isRunning() {
        return context.isRunning();
    }

    @Override
    public void close() {
        context.close();
    }
}
