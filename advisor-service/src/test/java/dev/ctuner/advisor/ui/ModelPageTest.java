package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.data.SyntheticCsv;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.ModelAssessment;
import dev.ctuner.advisor.learning.TrainingAttempt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * The model page through its states, with the dataset file changed between training runs: none
 * asked for, a run that failed (a file that is not an experiment CSV), a run in progress, a model
 * in use with its accuracy, knob influence and learning curve.
 */
@SpringBootTest
@AutoConfigureMockMvc
class ModelPageTest {

    private static final String PASSWORD = "correct horse";
    private static final RequestPostProcessor VIEWER = user("victor").roles("VIEWER");
    private static Path dataset;

    @Autowired
    MockMvc mvc;
    @Autowired
    LearningService learning;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-model-page");
        dataset = dir.resolve("campaign.csv");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.learning.datasets[0]", () -> dataset.toString());
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, "olga", "OPERATOR", "victor", "VIEWER");
    }

    @Test
    void theModelPageShowsNoModelAFailedRunARunningOneAndThenTheModelWithItsAccuracyInfluenceAndLearningCurve() throws Exception {
        mvc.perform(get("/ui/model").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No model trained yet")))
                .andExpect(content().string(containsString("no such file")));

        Files.writeString(dataset, "this is not an experiment file\n1,2,3\n");
        train();
        await(() -> learning.lastAttempt().map(a -> a.outcome() != TrainingAttempt.Outcome.RUNNING).orElse(false));
        mvc.perform(get("/ui/model").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-model-state=\"failed\"")))
                .andExpect(content().string(containsString("Training failed: no model")))
                .andExpect(content().string(containsString("no usable samples")))
                .andExpect(content().string(containsString("campaign.csv")))
                .andExpect(content().string(containsString("FAILED")));

        SyntheticCsv.write(dataset, 20, 11);
        train();
        // the run has only just started (training takes seconds): the page says so and refreshes itself
        mvc.perform(get("/ui/model").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-model-state=\"training\"")))
                .andExpect(content().string(containsString("data-live-url=\"/ui/model/live\"")));
        await(() -> learning.current().map(m -> m.assessment().status() != ModelAssessment.Status.COMPUTING).orElse(false));
        assertThat(learning.current().orElseThrow().assessment().status()).isEqualTo(ModelAssessment.Status.DONE);

        String page = mvc.perform(get("/ui/model").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-model-state=\"trained\"")))
                .andExpect(content().string(containsString("RANDOM_FOREST")))
                .andExpect(content().string(containsString(">60</strong> samples")))
                .andExpect(content().string(containsString("compaction.class")))
                .andExpect(content().string(containsString("data-accuracy")))
                .andExpect(content().string(containsString("Unseen configurations")))
                .andExpect(content().string(containsString("p99 read (µs)")))
                .andExpect(content().string(containsString("data-influence")))
                .andExpect(content().string(containsString("<polyline")))
                .andExpect(content().string(containsString("data-curve-verdict")))
                .andExpect(content().string(containsString("rf(trees=60")))
                .andExpect(content().string(containsString("does not run measurement campaigns itself yet")))
                .andExpect(content().string(not(containsString("data-live-url"))))
                .andReturn().getResponse().getContentAsString();
        // the synthetic response moves most with concurrent_writes: it heads the influence table
        String influence = page.substring(page.indexOf("data-influence"));
        assertThat(influence.indexOf("concurrent_writes")).isLessThan(influence.indexOf("memtable_cleanup_threshold"));
        mvc.perform(get("/ui/model/live").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-accuracy")))
                .andExpect(content().string(not(containsString("<html"))));
    }

    private void train() throws Exception {
        mvc.perform(post("/api/v1/models/train").with(httpBasic("olga", PASSWORD))).andExpect(status().isAccepted());
    }

    private static void await(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + 180_000_000_000L;
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("done within 180 s").isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
