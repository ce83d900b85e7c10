package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.PlanBodies.PlanRequest;
import dev.ctuner.advisor.api.PlanBodies.PlanView;
import dev.ctuner.advisor.planning.PlanService;
import dev.ctuner.common.catalog.KnobCatalog;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Plans: when to change the configuration over a forecast, to what, and what it gains and costs
 * (EUNOMIA's cost-benefit planner). A read (VIEWER): nothing is stored or applied. 503 until a
 * model is trained.
 *
 * <pre>
 * curl -u bob:secret -H 'Content-Type: application/json' localhost:8080/api/v1/plans -d '{
 *   "forecast": {"stepSeconds": 300, "steps": [{"readProportion": 0.1, "updateProportion": 0.9, "rate": 30000},
 *                                              {"readProportion": 0.9, "updateProportion": 0.1, "rate": 40000}]},
 *   "physicalDesign": {"nodes": 3, "replicationFactor": 3}, "current": {}, "minSpacingSeconds": 600}'
 * </pre>
 */
@RestController
public class PlanController {

    private final PlanService service;
    private final KnobCatalog catalog;

    public PlanController(PlanService service, KnobCatalog catalog) {
        this.service = service;
        this.catalog = catalog;
    }

    @Operation(summary = "Plan when to change the configuration over a workload forecast (VIEWER; stores nothing)",
            description = "Exact dynamic programme over forecast steps x candidate configurations (EUNOMIA Eq. 7-8): "
                    + "when to change, to what, expected benefit (operations gained over staying) and expected loss "
                    + "(operations lost while nodes restart or data is rewritten). Without candidates, the surrogate's "
                    + "optimum per distinct forecast workload.")
    @ApiResponse(responseCode = "200", description = "the plan; reconfigure=false and no changes when staying is best")
    @ApiResponse(responseCode = "400", description = "problem detail listing every violation")
    @ApiResponse(responseCode = "503", description = "no model trained yet; POST /api/v1/models/train")
    @PostMapping("/api/v1/plans")
    public PlanView plan(@Valid @RequestBody PlanRequest body) {
        return PlanView.of(service.plan(body.toQuery()), catalog);
    }
}
