package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void defaults() {
        BenchOptions o = BenchOptions.parse("--operations", "100");
        assertThat(o.hosts()).containsExactly(new BenchOptions.HostPort("127.0.0.1", 9042));
        assertThat(o.datacenter()).isEqualTo("datacenter1");
        assertThat(o.keyspace()).isEqualTo("ycsb");
        assertThat(o.replication()).isEqualTo(Replication.simple(1));
        assertThat(o.records()).isEqualTo(1000);
        assertThat(o.mix()).isEqualTo(OperationMix.ycsbA());
        assertThat(o.keys()).isEqualTo(KeyDistribution.zipfian());
        assertThat(o.loadControl()).isEqualTo(LoadControl.closed(16));
        assertThat(o.consistency()).isEqualTo(DefaultConsistencyLevel.ONE);
        assertThat(o.spec().keyRecording().enabled()).isFalse();
        assertThat(o.schedule().phases()).singleElement()
                .satisfies(p -> assertThat(p.stop()).isEqualTo(StopCondition.operations(100)));
    }

    @Test
    void everyFlag() {
        BenchOptions o = BenchOptions.parse("--hosts", "10.0.0.1:9043,node2,[::1]:9044", "--dc=dc1", "--keyspace", "bench",
                "--rf", "3", "--strategy", "network", "--records", "1_000_000", "--operations", "5000", "--duration",
                "2m", "--threads", "64", "--rate", "2500", "--mix", "read=0.9,lwt=0.1", "--distribution", "hotspot",
                "--hot-set", "0.1", "--hot-ops", "0.9", "--consistency", "local_quorum", "--load", "--seed", "7",
                "--record-keys", "0.01", "--key-capacity", "500", "--out", "r.json", "--keys-out", "k.csv",
                "--max-scan-length", "10", "--batch-size", "4");
        assertThat(o.hosts()).containsExactly(new BenchOptions.HostPort("10.0.0.1", 9043),
                new BenchOptions.HostPort("node2", 9042), new BenchOptions.HostPort("::1", 9044));
        assertThat(o.replication()).isEqualTo(Replication.networkTopology(Map.of("dc1", 3)));
        assertThat(o.records()).isEqualTo(1_000_000);
        assertThat(o.load()).isTrue();
        assertThat(o.loadControl()).isEqualTo(LoadControl.open(2500, 64));
        assertThat(o.loaderInFlight()).isEqualTo(64);
        assertThat(BenchOptions.parse("--rate", "100", "--operations", "1").loadControl())
                .isEqualTo(LoadControl.open(100, 1024));
        assertThat(o.keys()).isEqualTo(KeyDistribution.hotspot(0.1, 0.9));
        assertThat(o.schedule().phases().get(0).stop()).isEqualTo(StopCondition.firstOf(5000, Duration.ofMinutes(2)));
        WorkloadSpec spec = o.spec();
        assertThat(spec.consistency()).isEqualTo(DefaultConsistencyLevel.LOCAL_QUORUM);
        assertThat(spec.keyRecording()).isEqualTo(KeyRecording.sampled(0.01, 500));
        assertThat(spec.seed()).isEqualTo(7);
        assertThat(spec.maxScanLength()).isEqualTo(10);
        assertThat(spec.batchSize()).isEqualTo(4);
        assertThat(o.out()).isEqualTo(Path.of("r.json"));
        assertThat(o.keysOut()).isEqualTo(Path.of("k.csv"));
    }

    @Test
    void durations() {
        assertThat(BenchOptions.duration("30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(BenchOptions.duration("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(BenchOptions.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(BenchOptions.duration("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(BenchOptions.duration("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(BenchOptions.duration("PT2M")).isEqualTo(Duration.ofMinutes(2));
        for (String bad : List.of("soon", "5d", "-3s", "")) {
            assertThatThrownBy(() -> BenchOptions.duration(bad)).hasMessageContaining("--duration must");
        }
        assertThatThrownBy(() -> BenchOptions.duration("0s")).hasMessageContaining("positive");
    }

    @Test
    void clearUsageErrors() {
        assertError("unknown argument '--speed'", "--speed", "3");
        assertError("--records needs a value", "--records");
        assertError("--records must be an integer, got 'many'", "--records", "many");
        assertError("--records must be >= 1, got 0", "--records", "0");
        assertError("--in-flight is given twice", "--threads", "4", "--in-flight", "8");
        assertError("--rate must be > 0 ops/s, got 0", "--rate", "0");
        assertError("--rate must be a number, got 'fast'", "--rate", "fast");
        assertError("--record-keys must be a fraction in [0, 1], got 2", "--record-keys", "2");
        assertError("--keys-out needs --record-keys", "--keys-out", "k.csv");
        assertError("--trace sets the length of each phase", "--trace", "t.csv", "--duration", "10s");
        assertError("--trace sets the mix of each phase", "--trace", "t.csv", "--mix", "read=1");
        assertError("--strategy must be simple or network", "--strategy", "ring");
        assertError("--consistency must be one of", "--consistency", "MOST");
        assertError("consistency must not be a serial level", "--consistency", "SERIAL");
        assertError("operation proportions must sum to 1", "--mix", "read=0.5");
        assertError("unknown key distribution 'pareto'", "--distribution", "pareto");
        assertError("--hosts: bad port in 'h:x'", "--hosts", "h:x");
        assertError("--load takes no value", "--load=yes");
        assertError("keyspace must be a CQL identifier", "--keyspace", "my-ks");
    }

    @Test
    void mainReportsUsageErrorsWithoutConnecting() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertThat(BenchMain.run(new String[] {"--rate", "-1"}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: --rate must be > 0").contains("usage:");
        err.reset();
        assertThat(BenchMain.run(new String[] {}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("nothing to do");
        err.reset();
        assertThat(BenchMain.run(new String[] {"--trace", "/nonexistent/trace.csv"}, o, e)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot read trace");
        assertThat(BenchMain.run(new String[] {"--help"}, o, e)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("usage: BenchMain");
    }

    private static void assertError(String message, String... args) {
        assertThatThrownBy(() -> BenchOptions.parse(args)).isInstanceOf(BenchOptions.UsageException.class)
                .hasMessageContaining(message);
    }
}
