package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The quickstart as the README gives it, run as a process: it comes up with the UI's address and
 * generated credentials; in the operator UI, in real headless Chromium, the loop's proposal for the
 * demo cluster is read and approved, then rolled out and verified by the loop, and the UI shows the
 * verdict; SIGINT stops it, and no process it started is left. Runs in its own failsafe
 * execution, after the shared servers have stopped (it uses 127.0.0.1-3 and the default ports).
 */
class QuickstartIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern PID = Pattern.compile("PID (\\d+)");
    private static final Pattern PASSWORD = Pattern.compile("user admin, password (\\S+)");
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theQuickstartShowsTheLoopTuningTheDemoRingAndCtrlCStopsEverything() throws Exception {
        Path dir = Path.of("target/quickstart-it").toAbsolutePath();
        Files.createDirectories(dir);
        Path output = dir.resolve("quickstart.out");
        // As from a terminal: a build started in the background (CI, nohup) runs with SIGINT ignored, and an ignored signal stays
        // ignored across exec (the JVM then cannot catch it); perl (essential on Debian) restores the default before the exec.
        Process quickstart = new ProcessBuilder("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!",
                ROOT.resolve("quickstart.sh").toString(), "--dir", dir.resolve("run").toString())
                .directory(ROOT.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        Map<String, Long> stages = new LinkedHashMap<>();
        Instant begin = Instant.now();
        try {
            String ready = awaitOutput(quickstart, output, s -> s.contains("ctuner is up"), Duration.ofMinutes(5));
            stages.put("command to UI ready", Duration.between(begin, Instant.now()).toMillis());
            Matcher m = PASSWORD.matcher(ready);
            assertThat(m.find()).as("credentials printed:%n%s", ready).isTrue();
            String password = m.group(1);
            assertThat(ready).contains("http://127.0.0.1:8080/ui");
            assertThat(status("/ui/login", null)).isEqualTo(200);
            assertThat(status("/api/v1/recommendations", null)).as("the API without credentials").isEqualTo(401);

            Instant demo = Instant.now();
            JsonNode proposed = awaitDecision(password, d -> "PROPOSED".equals(d.get("outcome").asString()), Duration.ofMinutes(9));
            stages.put("demo start to proposal", Duration.between(demo, Instant.now()).toMillis());
            String rec = proposed.get("recommendationId").asString();
            System.out.println("quickstart's loop proposed: " + proposed.get("reason").asString());
            Instant approved;
            try (OperatorBrowser ui = new OperatorBrowser("http://127.0.0.1:8080", dir.resolve("screenshots"))) {
                // the operator approves in the UI: the loop's proposal with its evidence, the confirmation, the approval
                ui.signIn("admin", password);
                ui.open("/ui/clusters/demo");
                assertThat(ui.text()).contains("demo", "3 of 3");
                ui.shot("1-cluster-proposal");
                ui.open("/ui/recommendations/" + rec);
                assertThat(ui.text()).contains("ADVISOR", "concurrent_reads", "VETTED");
                ui.shot("2-recommendation");
                ui.click(By.linkText("Approve…"));
                ui.await("Approval alone changes no node");
                ui.type(By.id("comment"), "quickstart test: go");
                ui.click(By.cssSelector("form.stack button[type=submit]"));
                ui.await("The recommendation is approved.");
                approved = Instant.now();
                assertThat(ui.currentUrl()).endsWith("/ui/recommendations/" + rec);
                JsonNode verified = awaitDecision(password, d -> "VERIFIED".equals(d.get("outcome").asString())
                        && rec.equals(d.path("recommendationId").asString()), Duration.ofMinutes(8));
                stages.put("approval to verified", Duration.between(approved, Instant.now()).toMillis());
                System.out.println("quickstart's loop verified: " + verified.get("reason").asString());
                String verdict = verified.get("reason").asString().split(" ")[2].replace(":", "");
                ui.open("/ui/recommendations/" + rec);
                assertThat(ui.text()).contains(verdict);
                ui.shot("3-recommendation-verified");
                ui.open("/ui/clusters/demo");
                ui.shot("4-cluster-after");
            }
            assertThat(JSON.readTree(call(password, "GET", "/api/v1/recommendations/" + rec, null)).get("state").asString())
                    .isIn("VERIFIED", "ROLLED_BACK", "ROLLING_BACK");
            System.out.println("quickstart stages (ms): " + stages);
        } finally {
            List<Long> pids = pids(output);
            new ProcessBuilder("kill", "-INT", Long.toString(quickstart.pid())).inheritIO().start().waitFor();
            boolean exited = quickstart.waitFor(3, java.util.concurrent.TimeUnit.MINUTES);
            String text = Files.readString(output);
            List<Long> alive = pids.stream().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)).toList();
            alive.forEach(p -> ProcessHandle.of(p).ifPresent(ProcessHandle::destroyForcibly));   // never leave a ring behind
            if (!exited) {
                quickstart.destroyForcibly();
            }
            assertThat(exited).as("the quickstart exits on SIGINT:%n%s", tail(text)).isTrue();
            assertThat(text).contains("stopped (by PID):");
            assertThat(pids).as("PIDs the quickstart printed").hasSizeGreaterThanOrEqualTo(8);   // broker, advisor, 3 nodes, 3 sidecars
            assertThat(alive).as("processes left after SIGINT").isEmpty();
        }
    }

    private static String awaitOutput(Process process, Path output, Predicate<String> done, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        String text = "";
        while (System.currentTimeMillis() < deadline) {
            text = Files.exists(output) ? Files.readString(output) : "";
            if (done.test(text)) {
                return text;
            }
            if (!process.isAlive()) {
                throw new AssertionError("the quickstart exited with " + process.exitValue() + ":\n" + tail(text));
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("the quickstart did not come up within " + timeout + ":\n" + tail(text));
    }

    private JsonNode awaitDecision(String password, Predicate<JsonNode> wanted, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            last = JSON.readTree(call(password, "GET", "/api/v1/clusters/demo/loop/decisions?limit=20", null));
            for (JsonNode d : last) {
                if (wanted.test(d)) {
                    return d;
                }
            }
            Thread.sleep(2_000);
        }
        throw new AssertionError("no such loop decision within " + timeout + "; the last ones: " + last);
    }

    private int status(String path, String password) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:8080" + path)).timeout(Duration.ofSeconds(20));
        Optional.ofNullable(password).ifPresent(p -> b.header("Authorization", basic(p)));
        return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private String call(String password, String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:8080" + path)).timeout(Duration.ofSeconds(20))
                .header("Authorization", basic(password)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() >= 300) {
            throw new IOException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    private static String basic(String password) {
        return "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static List<Long> pids(Path output) throws IOException {
        List<Long> pids = new ArrayList<>();
        if (Files.exists(output)) {
            Matcher m = PID.matcher(Files.readString(output));
            while (m.find()) {
                pids.add(Long.parseLong(m.group(1)));
            }
        }
        return pids.stream().distinct().toList();
    }

    private static String tail(String text) {
        return text.length() <= 6_000 ? text : text.substring(text.length() - 6_000);
    }
}
