package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.TargetModel;
import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.ModelAssessment;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.advisor.learning.TrainingAttempt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The surrogate model in use and how it learned: provenance (files, samples, when, how long, family,
 * seed), accuracy on configurations and workloads it did not see, each knob's influence on predicted
 * throughput, the learning curve, the region it was trained on; or why there is none (no training run
 * yet, one running, the last one failed). {@code /live} re-renders the page's body while a training
 * run or the model's diagnostics are in progress.
 *
 * <pre>
 * GET /ui/model        GET /ui/model/live   (fragment)
 * </pre>
 */
@Controller
public class ModelPages {

    private final LearningService learning;
    private final Clock clock;

    public ModelPages(LearningService learning, Clock clock) {
        this.learning = learning;
        this.clock = clock;
    }

    /** A configured dataset file as the advisor resolves it, and whether it is there now. */
    public record DatasetFile(String configured, String absolute, boolean exists) {

        static DatasetFile of(Path path) {
            return new DatasetFile(path.toString(), path.toAbsolutePath().normalize().toString(), Files.isRegularFile(path));
        }
    }

    @GetMapping("/ui/model")
    public String model(Model model) {
        fill(model);
        return "ui/model";
    }

    @GetMapping("/ui/model/live")
    public String live(Model model) {
        fill(model);
        return "ui/model :: live";
    }

    private void fill(Model page) {
        Optional<TrainedModel> current = learning.current();
        Optional<TrainingAttempt> last = learning.lastAttempt();
        boolean running = last.filter(a -> a.outcome() == TrainingAttempt.Outcome.RUNNING).isPresent();
        boolean computing = current.filter(m -> m.assessment().status() == ModelAssessment.Status.COMPUTING).isPresent();
        page.addAttribute("m", current.orElse(null));
        page.addAttribute("p", current.map(TrainedModel::provenance).orElse(null));
        page.addAttribute("last", last.orElse(null));
        page.addAttribute("running", running);
        page.addAttribute("lastFailed", last.filter(a -> a.outcome() == TrainingAttempt.Outcome.FAILED).isPresent());
        page.addAttribute("inProgress", running || computing);
        page.addAttribute("datasets", learning.properties().datasets().stream().map(DatasetFile::of).toList());
        page.addAttribute("settings", learning.properties());
        page.addAttribute("trainedWith", current.flatMap(m -> m.models().model(Target.THROUGHPUT)).map(TargetModel::trainedWith)
                .orElse(null));
        page.addAttribute("assessment", current.map(TrainedModel::assessment).orElse(null));
        page.addAttribute("rows", current.flatMap(m -> m.assessment().diagnostics().map(d -> ModelRows.of(m.provenance(), d)))
                .orElse(null));
        page.addAttribute("diagnostics", current.flatMap(m -> m.assessment().diagnostics()).orElse(null));
        page.addAttribute("updatedAt", clock.instant());
    }
}
