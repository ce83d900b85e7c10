package dev.ctuner.advisor.ui;

import static org.hamcrest.Matchers.containsString;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.campaign.CampaignRequest;
import dev.ctuner.advisor.campaign.CampaignService;
import dev.ctuner.advisor.campaign.RaceRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/** The campaigns pages ({@code /ui/campaigns}) through security, MVC, the templates and an H2 file database of their own. */
@SpringBootTest
@AutoConfigureMockMvc
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CampaignPagesTest {

    private static final RequestPostProcessor VIEWER = user("victor").roles("VIEWER");

    @Autowired
    MockMvc mvc;
    @Autowired
    CampaignService campaigns;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-campaigns");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.campaigns.experiment-nodes[0]", () -> "lab/10.0.0.9");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, "correct horse", "victor", "VIEWER");
    }

    @Test
    @Order(1)
    void withNoCampaignTheListSaysHowOneStarts() throws Exception {
        mvc.perform(get("/ui/campaigns").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No campaign yet")))
                .andExpect(content().string(containsString("lab/10.0.0.9")))
                .andExpect(content().string(containsString("<a href=\"/ui/campaigns\" aria-current=\"page\" class=\"current\">Campaigns</a>")));
    }

    @Test
    @Order(2)
    void aCampaignAndARaceAreListedAndShownWithTheirDesign() throws Exception {
        campaigns.create(new CampaignRequest("ui-lab", List.of("concurrent_writes"), 3, List.of(0.5), 1, 0, null, null, null,
                null, null, 3L, null), "alice");
        campaigns.startRace(new RaceRequest("ui-race", "prod", Map.of("concurrent_writes", "32"),
                List.of(Map.of("concurrent_writes", "128")), List.of(0.9), 10, 3, null, null, null, 1L), "alice");
        mvc.perform(get("/ui/campaigns").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("href=\"/ui/campaigns/ui-lab\"")))
                .andExpect(content().string(containsString("href=\"/ui/campaigns/ui-race\"")))
                .andExpect(content().string(containsString("0 of 3 measured OK")))
                .andExpect(content().string(containsString("0 of 10 measured OK")));
        mvc.perform(get("/ui/campaigns/ui-lab").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("Campaign <span>ui-lab</span>")))
                .andExpect(content().string(containsString("the defaults")))
                .andExpect(content().string(containsString("No experiment sent yet")));
        mvc.perform(get("/ui/campaigns/ui-race/live").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("concurrent_writes=128")))
                .andExpect(content().string(containsString("RACE")));
        mvc.perform(get("/ui/campaigns/nope").with(VIEWER)).andExpect(status().isNotFound());
    }
}
