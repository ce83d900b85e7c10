package dev.ctuner.advisor.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ProblemTextTest {

    @Test
    void longTokensAreCutToTheirStartAndLengthAndShortTextStaysAsItIs() {
        assertThat(ProblemText.abbreviate("no cluster with id prod")).isEqualTo("no cluster with id prod");
        String cut = ProblemText.abbreviate("no cluster with id " + "a".repeat(5000) + " (no sample)");
        assertThat(cut).isEqualTo("no cluster with id " + "a".repeat(40) + "…(5000 characters) (no sample)");
        assertThat(ProblemText.abbreviate("word ".repeat(1000))).hasSizeLessThanOrEqualTo(ProblemText.MAX_DETAIL + 1).endsWith("…");
    }

    @Test
    void aRepeatedParameterIsShownAsItsValuesNotAsAJavaArray() {
        assertThat(ProblemText.value(new String[] {"1", "2"})).isEqualTo("1,2");
    }

    @Test
    void typesAreNamedInTheWordsOfJson() {
        assertThat(ProblemText.typeWords(Integer.class)).isEqualTo("a whole number");
        assertThat(ProblemText.typeWords(UUID.class)).isEqualTo("an id (UUID)");
        assertThat(ProblemText.typeWords(List.class)).isEqualTo("an array");
        assertThat(ProblemText.typeWords(RecommendationState.class)).startsWith("one of [").contains("APPROVED");
    }

    record Body(Integer nodes, String comment) {
    }

    @Test
    void aBodyThatDoesNotBindIsDescribedByItsPathWithoutJavaNames() {
        JsonMapper json = JsonMapper.builder().build();
        for (String body : List.of("{\"nodes\":\"abc\"}", "{\"comment\":[1]}", "[[[", "\"str\"", "{\"nodes\":" + "[".repeat(1200))) {
            Throwable failure = null;
            try {
                json.readValue(body, Body.class);
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat(failure).as(body).isNotNull();
            String text = ProblemText.unreadable(failure);
            assertThat(text).as(body).doesNotContain("java.", "dev.ctuner", "tools.jackson", "Exception", "$");
        }
        Throwable wrongType = null;
        try {
            json.readValue("{\"nodes\":\"abc\"}", Body.class);
        } catch (RuntimeException e) {
            wrongType = e;
        }
        assertThat(ProblemText.unreadable(wrongType)).isEqualTo("the value at field 'nodes' is not a whole number");
    }
}
