package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.Advice;
import dev.ctuner.advisor.advice.AdviceService;
import dev.ctuner.advisor.api.AdviceRequests.AdviceRequest;
import dev.ctuner.advisor.api.AdviceViews.AdviceView;
import dev.ctuner.common.catalog.KnobCatalog;
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

    @PostMapping("/api/v1/advice")
    public AdviceView advise(@Valid @RequestBody AdviceRequest body) {
        Advice advice = service.advise(body.toQuery());
        return AdviceView.of(body.clusterId(), advice, catalog);
    }
}
