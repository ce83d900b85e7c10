package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RunReportTest {

    private static RunResult run() {
        ManualTicker ticker = new ManualTicker();
        OperationExecutor executor = op -> {
            ticker.advance(2_000_000);
            return op.type() == OperationType.UPDATE && op.index() % 10 == 0
                    ? CompletableFuture.failedFuture(new IllegalStateException("x"))
                    : CompletableFuture.completedFuture(null);
        };
        WorkloadSpec spec = WorkloadSpec.builder().recordCount(100).keyRecording(KeyRecording.all(50)).build();
        return new WorkloadDriver(ticker).run(executor, spec,
                Schedule.of(Phase.builder("main").operations(200).build()));
    }

    @Test
    void jsonCarriesTheResultAndTheKeySequenceSummary() {
        RunResult r = run();
        JsonNode json = JsonMapper.builder().build().readTree(RunReport.json(r, Map.of("seed", 1)));
        assertThat(json.get("settings").get("seed").asInt()).isEqualTo(1);
        assertThat(json.get("operations").asLong()).isEqualTo(200);
        assertThat(json.get("errors").asLong()).isEqualTo(r.errors()).isPositive();
        assertThat(json.get("throughput").asDouble()).isEqualTo(r.throughput());
        assertThat(json.get("start").asString()).isEqualTo(r.start().toString());
        JsonNode reads = json.get("perOperation").get("READ");
        assertThat(reads.get("count").asLong()).isEqualTo(r.perOperation().get(OperationType.READ).count());
        assertThat(reads.get("p99Micros").asLong()).isEqualTo(r.perOperation().get(OperationType.READ).p99Micros());
        assertThat(json.get("perOperation").get("UPDATE").get("errorsByType").get("IllegalStateException").asLong())
                .isEqualTo(r.perOperation().get(OperationType.UPDATE).errors());
        assertThat(json.get("phases").get(0).get("name").asString()).isEqualTo("main");
        assertThat(json.get("keySequence").get("recorded").asInt()).isEqualTo(50);
        assertThat(json.get("keySequence").get("dropped").asLong()).isEqualTo(150);
    }

    @Test
    void textAndKeyCsv(@TempDir Path dir) throws IOException {
        RunResult r = run();
        String text = RunReport.text(r);
        assertThat(text).contains("phase main").contains("read").contains("IllegalStateException")
                .contains("key sequence: 50 accesses recorded").contains("150 dropped from operation 50");
        Path csv = dir.resolve("keys.csv");
        RunReport.writeKeySequenceCsv(r.keySequence(), csv);
        var lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(51);
        assertThat(lines.get(0)).isEqualTo("operation_index,type,record_number");
        assertThat(lines.get(1)).matches("0,(read|update),\\d+");
    }
}
