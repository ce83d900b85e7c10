package dev.ctuner.advisor.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.TestUsers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With {@code management.server.port} set, Prometheus scrapes {@code /actuator/prometheus} on that
 * port without credentials, the port answers nothing but health and metrics, and the actuator is no
 * longer on the main port, whose API still asks for a user.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class ManagementPortTest {

    private final HttpClient http = HttpClient.newHttpClient();

    @Autowired
    Environment environment;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-management-port-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
    }

    private HttpResponse<String> get(String portProperty, String path) throws Exception {
        int port = Integer.parseInt(environment.getRequiredProperty(portProperty));
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theManagementPortServesMetricsAndHealthWithoutCredentialsAndNothingElse() throws Exception {
        HttpResponse<String> metrics = get("local.management.port", "/actuator/prometheus");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("ctuner_model_age_seconds")
                .contains("ctuner_clusters");
        assertThat(get("local.management.port", "/actuator/health").statusCode()).isEqualTo(200);
        assertThat(get("local.management.port", "/actuator/health/liveness").statusCode()).isEqualTo(200);
        assertThat(get("local.management.port", "/api/v1/recommendations").statusCode()).isIn(401, 403, 404);
    }

    @Test
    void theActuatorMovesOffTheMainPortWhichStillAsksForAUserForTheApi() throws Exception {
        assertThat(get("local.server.port", "/actuator/prometheus").statusCode()).isIn(401, 404);
        assertThat(get("local.server.port", "/api/v1/recommendations").statusCode()).isEqualTo(401);
    }
}
