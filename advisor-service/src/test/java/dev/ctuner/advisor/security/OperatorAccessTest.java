package dev.ctuner.advisor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.authenticated;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.cli.UsersCommand;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Operators' access through the real security chains: users made by the {@code users} command sign
 * in to the API and the UI, changes of the users file count without a restart, and the health
 * endpoint answers a load balancer without credentials (status only).
 */
@SpringBootTest
@AutoConfigureMockMvc
class OperatorAccessTest {

    static Path dir;

    @Autowired
    MockMvc mvc;

    static int users(String stdin, String... args) {
        UsersCommand.Io io = new UsersCommand.Io(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), prompt -> null, new SecureRandom());
        return UsersCommand.execute(args, new UsersCommand.Settings(dir.resolve("users"), Map.of(), dir.resolve("pw")), io, 4);
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        dir = Files.createTempDirectory("advisor-access-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        assertThat(users("correct horse\n", "add", "olga", "--role", "OPERATOR", "--password-stdin")).isZero();
        assertThat(users("battery staple\n", "add", "victor", "--role", "VIEWER", "--password-stdin")).isZero();
    }

    @Test
    void usersMadeByTheCommandSignInWithTheirRoles() throws Exception {
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("victor", "battery staple"))).andExpect(status().isOk());
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("victor", "correct horse"))).andExpect(status().isUnauthorized());
        mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post("/api/v1/models/train")
                .with(httpBasic("victor", "battery staple"))).andExpect(status().isForbidden());
        mvc.perform(formLogin("/ui/login").user("olga").password("correct horse")).andExpect(authenticated().withUsername("olga")
                .withRoles("OPERATOR", "VIEWER"));
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("admin", Files.exists(dir.resolve("pw"))
                ? Files.readAllLines(dir.resolve("pw")).get(0) : "none"))).andExpect(status().isUnauthorized());
    }

    @Test
    void aUserAddedOrRemovedWhileTheAdvisorRunsCountsAtTheNextSignIn() throws Exception {
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("walter", "walter's pw"))).andExpect(status().isUnauthorized());
        assertThat(users("walter's pw\n", "add", "walter", "--role", "VIEWER", "--password-stdin")).isZero();
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("walter", "walter's pw"))).andExpect(status().isOk());
        assertThat(users("", "remove", "walter")).isZero();
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("walter", "walter's pw"))).andExpect(status().isUnauthorized());
    }

    @Test
    void healthAnswersWithoutCredentialsWithTheStatusOnly() throws Exception {
        mvc.perform(get("/actuator/health")).andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("UP"))
                .andExpect(jsonPath("$.components").doesNotExist())
                .andExpect(jsonPath("$.details").doesNotExist());
        mvc.perform(head("/actuator/health")).andExpect(status().isOk());
        mvc.perform(get("/actuator/health/readiness")).andExpect(status().isOk()).andExpect(jsonPath("$.status").value("UP"));
        mvc.perform(get("/actuator/health/liveness")).andExpect(status().isOk()).andExpect(jsonPath("$.status").value("UP"));
    }

    @Test
    void healthDetailsNeedASignedInUser() throws Exception {
        mvc.perform(get("/actuator/health").with(httpBasic("victor", "battery staple"))).andExpect(status().isOk())
                .andExpect(jsonPath("$.components.db.status").value("UP"))
                .andExpect(jsonPath("$.components.db.details.database").exists());
        mvc.perform(get("/actuator/health").with(httpBasic("victor", "wrong"))).andExpect(status().isUnauthorized());
    }

    @Test
    void prometheusAndHealthComponentsStayBehindSignIn() throws Exception {
        mvc.perform(get("/actuator/prometheus")).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/health/db")).andExpect(status().isUnauthorized());
        mvc.perform(get("/actuator/prometheus").with(httpBasic("victor", "battery staple"))).andExpect(status().isOk());
    }
}
