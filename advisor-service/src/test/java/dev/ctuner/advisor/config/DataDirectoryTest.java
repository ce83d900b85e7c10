package dev.ctuner.advisor.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDefaultDoesNotDependOnTheWorkingDirectory() {
        assertThat(DataDirectory.defaultDirectory()).isAbsolute()
                .isEqualTo(Path.of(System.getProperty("user.home"), ".ctuner", "advisor"));
    }

    @Test
    void startingOnTheDefaultWhileTheWorkingDirectoryHoldsEarlierDataIsRefused() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path home = tmp.resolve("home/.ctuner/advisor");
        assertThat(DataDirectory.earlierDataDirectory(work, home, home)).as("no earlier data").isEmpty();
        Files.createDirectories(work.resolve("data"));
        Files.writeString(work.resolve("data/advisor-signing-key.pem"), "key");
        assertThat(DataDirectory.earlierDataDirectory(work, home, home)).get().asString()
                .contains("CTUNER_ADVISOR_DATA_DIR=" + work.resolve("data"))
                .contains("new signing key the sidecars do not know");
        assertThat(DataDirectory.earlierDataDirectory(work, tmp.resolve("elsewhere"), home)).as("set explicitly").isEmpty();
        Files.createDirectories(home);
        Files.writeString(home.resolve("advisor.mv.db"), "");
        assertThat(DataDirectory.earlierDataDirectory(work, home, home)).as("the default is in use already").isEmpty();
    }

    @Test
    void theStartUpReportSaysWhatIsWrongAndWhatToDo() {
        String problem = DataDirectory.earlierDataDirectory(tmp, tmp.resolve("x"), tmp.resolve("x")).orElse(
                "The advisor keeps its data in X. Keep the existing data with CTUNER_ADVISOR_DATA_DIR=Y, then start again.");
        var analysis = new DataDirectory.Analyzer().analyze(new RuntimeException(new DataDirectory.EarlierDataException(problem)));
        assertThat(analysis.getDescription()).startsWith("The advisor keeps its data in").doesNotContain("Keep the existing");
        assertThat(analysis.getAction()).startsWith("Keep the existing data with CTUNER_ADVISOR_DATA_DIR=");
    }
}
