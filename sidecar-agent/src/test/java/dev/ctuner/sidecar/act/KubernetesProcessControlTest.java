package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kubernetes} process control against what the chart's patches set up: the sidecar shares
 * the pod's process namespace ({@code SidecarPatchTest} checks the patches say so), so in its /proc it
 * sees the pause process as PID 1, the other containers' processes (cass-operator's management API
 * among them) and the Cassandra JVM, whose command line names CassandraDaemon; and the kubelet, not
 * the sidecar, starts Cassandra again. A /proc of that shape is built here; the process signalled
 * is a real child process standing in for the JVM.
 */
class KubernetesProcessControlTest {

    @TempDir
    Path proc;

    private void process(long pid, String... args) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.write(dir.resolve("cmdline"), (String.join("\0", args) + "\0").getBytes(StandardCharsets.UTF_8));
    }

    private void sharedNamespaceOfACassOperatorPod(long cassandraPid) throws IOException {
        process(1, "/pause");
        process(7, "java", "-jar", "/opt/management-api/datastax-mgmtapi-server.jar", "com.datastax.mgmtapi.Cli");
        process(cassandraPid, "java", "-Xmx512m", "-javaagent:/opt/management-api/datastax-mgmtapi-agent.jar", "-cp",
                "/opt/cassandra/lib/*", "org.apache.cassandra.service.CassandraDaemon");
        process(90, "java", "-Xmx48m", "-cp", "@/app/jib-classpath-file", "dev.ctuner.sidecar.SidecarApplication");
        Files.createDirectories(proc.resolve("self"));
        Files.createDirectories(proc.resolve("sys"));
    }

    @Test
    void findsTheCassandraJvmAmongThePodsProcessesAndNothingElse() throws Exception {
        sharedNamespaceOfACassOperatorPod(42);
        KubernetesProcessControl control = new KubernetesProcessControl(proc, null, Duration.ofSeconds(5));
        assertThat(control.cassandraPid()).contains(42L);
        assertThat(control.isRunning()).isTrue();
        Files.walk(proc.resolve("42")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        assertThat(control.isRunning()).as("the management API alone is not Cassandra").isFalse();
    }

    @Test
    void stopSendsSigtermAndWaitsForTheJvmToEndThenStartWaitsForTheKubeletsNewOne() throws Exception {
        Process stand = new ProcessBuilder("sleep", "60").start();
        try {
            sharedNamespaceOfACassOperatorPod(stand.pid());
            KubernetesProcessControl control = new KubernetesProcessControl(proc, null, Duration.ofSeconds(10));
            control.stop(Duration.ofSeconds(10));
            assertThat(stand.waitFor(1, TimeUnit.SECONDS)).as("the JVM ended").isTrue();
            assertThat(stand.exitValue()).as("by SIGTERM").isEqualTo(128 + 15);

            // The kubelet starts the container again: a new Cassandra JVM appears in /proc a moment later.
            Files.walk(proc.resolve(Long.toString(stand.pid()))).sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
            Thread kubelet = new Thread(() -> {
                try {
                    Thread.sleep(1_200);
                    process(4242, "java", "org.apache.cassandra.service.CassandraDaemon");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            kubelet.start();
            control.start();
            assertThat(control.cassandraPid()).contains(4242L);
            kubelet.join();
        } finally {
            stand.destroyForcibly();
        }
    }

    @Test
    void aContainerTheKubeletDoesNotRestartIsReportedWithinTheWait() throws Exception {
        process(1, "/pause");
        KubernetesProcessControl control = new KubernetesProcessControl(proc, null, Duration.ofMillis(800));
        control.stop(Duration.ofSeconds(1));   // nothing to stop: no Cassandra JVM
        assertThatThrownBy(control::start).hasMessageContaining("did not restart the Cassandra container within");
    }
}
