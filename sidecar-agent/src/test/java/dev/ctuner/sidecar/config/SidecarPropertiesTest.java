package dev.ctuner.sidecar.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Configuration;

class SidecarPropertiesTest {

    @Configuration
    @EnableConfigurationProperties(SidecarProperties.class)
    static class PropertiesOnly {
    }

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
            .withUserConfiguration(PropertiesOnly.class);

    @Test
    void defaultsWorkAgainstALocalNode() {
        runner.run(context -> {
            SidecarProperties p = context.getBean(SidecarProperties.class);
            assertThat(p.getCassandra().getCqlHost()).isEqualTo("127.0.0.1");
            assertThat(p.getCassandra().getJmxPort()).isEqualTo(7199);
            assertThat(p.getKafka().getBootstrapServers()).as("the brokers come from spring.kafka.bootstrap-servers").isNull();
            assertThat(p.getSampling().getWindow()).isEqualTo(Duration.ofSeconds(30));
            assertThat(p.getNodeId()).as("node id defaults to the CQL host").isEqualTo("127.0.0.1");
        });
    }

    @Test
    void refusesInconsistentSettingsWithAClearMessage() {
        runner.withPropertyValues("ctuner.sidecar.sampling.window=5s", "ctuner.sidecar.sampling.key-reuse-sample-duration=10s",
                "ctuner.sidecar.cassandra.cql-port=70000", "ctuner.sidecar.kafka.backlog-capacity=0").run(context -> {
            assertThat(context).hasFailed();
            String message = rootMessage(context.getStartupFailure());
            assertThat(message).contains("key-reuse-sample-duration").contains("cqlPort").contains("backlogCapacity");
        });
    }

    @Test
    void theRoleIsServingUnlessSetAndTheExperimentRoleNeedsTheActingSideAndADataDirectory() {
        runner.run(context -> assertThat(context.getBean(SidecarProperties.class).getRole())
                .isEqualTo(dev.ctuner.sidecar.act.SidecarRole.SERVING));
        runner.withPropertyValues("ctuner.sidecar.role=experiment").run(context -> {
            assertThat(context).hasFailed();
            assertThat(rootMessage(context.getStartupFailure())).contains("role: experiment needs act.enabled=true");
        });
        runner.withPropertyValues("ctuner.sidecar.role=experiment", "ctuner.sidecar.act.enabled=true",
                "ctuner.sidecar.act.advisor-public-key=/k.pem", "ctuner.sidecar.act.cassandra-yaml=/c.yaml",
                "ctuner.sidecar.act.process.mode=systemd", "ctuner.sidecar.act.process.systemd-unit=cassandra",
                "ctuner.sidecar.experiment.data-dir=/var/lib/cassandra").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(SidecarProperties.class).getRole()).isEqualTo(dev.ctuner.sidecar.act.SidecarRole.EXPERIMENT);
                });
        runner.withPropertyValues("ctuner.sidecar.role=lab").run(context -> assertThat(context).hasFailed());
        runner.withPropertyValues("ctuner.sidecar.experiment.warm-up-min=60s", "ctuner.sidecar.experiment.warm-up-max=10s")
                .run(context -> assertThat(rootMessage(context.getStartupFailure())).contains("warm-up-max"));
    }

    @Test
    void credentialsNeverAppearInItsDescription() {
        runner.withPropertyValues("ctuner.sidecar.cassandra.username=ops", "ctuner.sidecar.cassandra.password=s3cret").run(context ->
                assertThat(context.getBean(SidecarProperties.class).getCassandra().toString()).contains("ops").doesNotContain("s3cret"));
    }

    private static String rootMessage(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append('\n');
        }
        return all.toString();
    }
}
