package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.PlanBodies.PlanRequest;
import dev.ctuner.advisor.api.PlanBodies.PlanView;
import dev.ctuner.advisor.core.safety.PlanResult;
import dev.ctuner.advisor.core.safety.Ring;
import dev.ctuner.advisor.core.safety.RolloutPlan;
import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.planning.PlanService;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.ring.UnknownClusterException;
import dev.ctuner.advisor.rollout.PlanRefusedException;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import java.util.Optional;
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
 *   "physicalDesign": {"nodes": 3, "replicationFactor": 3}, "current": {}, "minSpacingSeconds": 600,
 *   "clusterId": "prod"}'
 * </pre>
 * With {@code clusterId}, the restart rounds come from the safety planner over the ring that cluster's sidecars report.
 */
@RestController
public class PlanController {

    private final PlanService service;
    private final KnobCatalog catalog;
    private final SafeRoundPlanner safety;
    private final ReportedRings rings;

    public PlanController(PlanService service, KnobCatalog catalog, SafeRoundPlanner safety, ReportedRings rings) {
        this.service = service;
        this.catalog = catalog;
        this.safety = safety;
        this.rings = rings;
    }

    @Operation(summary = "Plan when to change the configuration over a workload forecast (VIEWER; stores nothing)",
            description = "Exact dynamic programme over forecast steps x candidate configurations (EUNOMIA Eq. 7-8): "
                    + "when to change, to what, expected benefit (operations gained over staying) and expected loss "
                    + "(operations lost while nodes restart or data is rewritten). Without candidates, the surrogate's "
                    + "optimum per distinct forecast workload.")
    @ApiResponse(responseCode = "200", description = "the plan; reconfigure=false and no changes when staying is best")
    @ApiResponse(responseCode = "400", description = "problem detail listing every violation")
    @ApiResponse(responseCode = "409", description = "the sidecars' reports of the named cluster give no ring (every reason listed)")
    @ApiResponse(responseCode = "422", description = "the cluster's ring allows no availability-safe rolling restart, or no sidecar reported it")
    @ApiResponse(responseCode = "503", description = "no model trained yet; POST /api/v1/models/train")
    @PostMapping("/api/v1/plans")
    public PlanView plan(@Valid @RequestBody PlanRequest body) {
        Optional<RolloutPlan> safe = safeRestart(body);
        return PlanView.of(service.plan(body.toQuery(safe)), catalog, body.roundsFrom(safe));
    }

    /** The rolling restart the safety planner gives for the named cluster's reported ring (none without a cluster). */
    private Optional<RolloutPlan> safeRestart(PlanRequest body) {
        if (body.ring() != null) {
            throw new IllegalArgumentException(ApiRequests.RING_FROM_SIDECARS + "; name the cluster with \"clusterId\"");
        }
        if (body.clusterId() == null || body.clusterId().isBlank()) {
            return Optional.empty();
        }
        if (body.costs() != null && (body.costs().rounds() != null || body.costs().nodesDownPerRound() != null)) {
            throw new IllegalArgumentException("give either clusterId (the safety planner's rounds over its reported ring) or "
                    + "costs.rounds and costs.nodesDownPerRound, not both");
        }
        ClusterId cluster = new ClusterId(body.clusterId());
        if (!rings.known(cluster)) {
            throw new UnknownClusterException(cluster);
        }
        Ring ring = rings.require(cluster).ring();
        if (ring.nodes().size() != body.physicalDesign().nodes()) {
            throw new IllegalArgumentException("ring has " + ring.nodes().size() + " nodes but physicalDesign.nodes is "
                    + body.physicalDesign().nodes());
        }
        PlanResult result = safety.plan(dev.ctuner.advisor.core.safety.PlanRequest.allNodes(ring));
        if (result instanceof PlanResult.Refused refused) {
            throw new PlanRefusedException(refused.reasons());
        }
        return Optional.of(((PlanResult.Planned) result).plan());
    }
}
