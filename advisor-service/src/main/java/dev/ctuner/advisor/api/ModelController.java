package dev.ctuner.advisor.api;

import dev.ctuner.advisor.learning.LearningService;
import dev.ctuner.advisor.learning.ModelProvenance;
import dev.ctuner.advisor.learning.TrainedModel;
import dev.ctuner.advisor.learning.TrainingAttempt;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.security.Principal;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import dev.ctuner.advisor.security.ClusterScope;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The surrogate model in use: its provenance and the last training run (VIEWER), and training a
 * new one from the configured datasets (OPERATOR; runs in the background, answers 202).
 *
 * <pre>
 * curl -u alice:secret -X POST localhost:8080/api/v1/models/train
 * curl -u bob:secret localhost:8080/api/v1/models/current
 * </pre>
 */
@RestController
public class ModelController {

    /**
     * @param model       the model in use, null when none
     * @param lastAttempt the last training run, null when none was asked for
     * @param datasets    the files a training run reads ({@code bundled:training.csv} when none is configured)
     */
    public record ModelStatusView(boolean trained, ModelProvenance model, TrainingAttempt lastAttempt,
                                  List<String> datasets) {
    }

    private final LearningService learning;

    public ModelController(LearningService learning) {
        this.learning = learning;
    }

    @Operation(summary = "The surrogate model in use with its provenance, and the last training run (VIEWER)")
    @GetMapping("/api/v1/models/current")
    public ModelStatusView current() {
        return new ModelStatusView(learning.current().isPresent(),
                learning.current().map(TrainedModel::provenance).orElse(null), learning.lastAttempt().orElse(null),
                learning.datasetNames());
    }

    @Operation(summary = "Train a model from the configured datasets in the background (OPERATOR)",
            description = "The model in use changes only when the run succeeds; GET /api/v1/models/current shows the outcome.")
    @ApiResponse(responseCode = "202", description = "training started")
    @ApiResponse(responseCode = "409", description = "a training run is still going")
    @PostMapping("/api/v1/models/train")
    public ResponseEntity<TrainingAttempt> train(Principal who) {
        ClusterScope.requireUnlimited(who, "training the model");
        TrainingAttempt attempt = learning.startTraining(who.getName());
        return ResponseEntity.accepted().header("Location", "/api/v1/models/current").body(attempt);
    }
}
