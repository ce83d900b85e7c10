package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.Advice;
import dev.ctuner.advisor.advice.AdviceService;
import dev.ctuner.advisor.api.AdviceRequests.AdviceRequest;
import dev.ctuner.advisor.api.AdviceViews.AdviceView;
import dev.ctuner.common.catalog.KnobCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Advice: the configuration the trained surrogates and the search recommend for a workload. A
 * read (VIEWER): nothing is stored. 503 until a model is trained.
 *
 * <pre>
 * curl -u bob:secret -H 'Content-Type: application/json' localhost:8080/api/v1/advice -d '{
 *   "workload": {"readProportion": 0.9, "updateProportion": 0.1},
 *   "physicalDesign": {"nodes": 1, "replicationFactor": 1},
 *   "objective": {"type": "MAX_THROUGHPUT"}, "current": {"concurrent_writes": "32"}}'
 * </pre>
 */
@RestController
public class AdviceController {

    private final AdviceService service;
    private final KnobCatalog catalog;

    public AdviceController(AdviceService service, KnobCatalog catalog) {
        this.service = service;
        this.catalog = catalog;
    }

    @Operation(summary = "Recommend a configuration for a workload (VIEWER; stores nothing)",
            description = "Runs the genetic search over the trained surrogates. Predictions carry the ensemble mean and "
                    + "spread for the recommended and the current configuration; outsideData flags advice beyond the "
                    + "training data, with reasons.")
    @ApiResponse(responseCode = "200", description = "the advice")
    @ApiResponse(responseCode = "400", description = "problem detail listing every violation (mix not summing to 1, "
            + "unknown knobs, values outside their domain, missing objective fields)")
    @ApiResponse(responseCode = "422", description = "the trained model lacks a target the objective needs")
    @ApiResponse(responseCode = "503", description = "no model trained yet; POST /api/v1/models/train")
    @PostMapping("/api/v1/advice")
    public AdviceView advise(@Valid @RequestBody AdviceRequest body) {
        Advice advice = service.advise(body.toQuery());
        return AdviceView.of(body.clusterId(), advice, catalog);
    }
}
