package dev.ctuner.advisor.recommendation;

import dev.ctuner.advisor.config.VettingProperties;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.core.vetting.Candidate;
import dev.ctuner.advisor.core.vetting.RaceEvidence;
import dev.ctuner.advisor.core.vetting.CatalogGate;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.core.vetting.GateFailure;
import dev.ctuner.advisor.core.vetting.Vetting;
import dev.ctuner.advisor.core.vetting.VettingReport;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.ring.UnknownClusterException;
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.RecommendationStore;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Submitting, vetting, approving and rejecting recommendations; every move goes through
 * {@link RecommendationState#TABLE} and is stored with its audit record in one transaction.
 *
 * <pre>{@code
 * Recommendation r = service.submit(submission, "alice");  // VETTED, or REJECTED with the failed gates
 * service.approve(r.id(), "bob", "fits the maintenance window");
 * }</pre>
 */
@Service
public class RecommendationService {

    /** The actor named in audit records of automatic vetting. */
    public static final String VETTING_ACTOR = dev.ctuner.advisor.store.Actors.VETTING;

    private final RecommendationStore store;
    private final Vetting vetting;
    private final CatalogGate catalogGate;
    private final KnobCatalog catalog;
    private final VettingProperties properties;
    private final Clock clock;
    private final ReportedRings rings;

    public RecommendationService(RecommendationStore store, Vetting vetting, KnobCatalog catalog,
                                 VettingProperties properties, Clock clock, ReportedRings rings) {
        this.rings = rings;
        this.store = store;
        this.vetting = vetting;
        this.catalogGate = new CatalogGate(catalog);
        this.catalog = catalog;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Stores an operator's configuration as PROPOSED and vets it at once: VETTED when every gate
     * passes, else REJECTED with every failed reason in the audit trail.
     *
     * @throws InvalidSettingsException when the catalog refuses the settings; nothing is stored
     * @throws UnknownClusterException when no sidecar has reported the cluster; nothing is stored
     */
    @Transactional
    public Recommendation submit(Submission submission, String actor) {
        if (!rings.known(submission.clusterId())) {
            throw new UnknownClusterException(submission.clusterId());
        }
        // the operator's current configuration is not known until ingest exists: validate against defaults
        Candidate candidate = new Candidate(submission.settings(), Configuration.EMPTY,
                properties.nodeFacts().toNodeFacts(), submission.optedIn(), Optional.empty());
        List<GateFailure> invalid = catalogGate.check(candidate, properties.policy());
        if (!invalid.isEmpty()) {
            throw new InvalidSettingsException(invalid);
        }
        List<GateFailure> tables = TableTargets.check(catalog, submission.settings(), submission.tables());
        if (!tables.isEmpty()) {
            throw new InvalidSettingsException("the tables do not fit the settings", tables);
        }
        VettingReport report = vetting.vet(candidate, properties.policy());
        Instant now = clock.instant();
        Recommendation proposed = new Recommendation(UUID.randomUUID(), submission.clusterId(),
                RecommendationState.PROPOSED, Origin.OPERATOR, submission.settings(), submission.comment(),
                report.tier(), Optional.empty(), now, now, 0, submission.tables());
        store.insert(proposed, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, actor, now,
                "submitted: " + submission.comment()));
        RecommendationState verdict = report.passed() ? RecommendationState.VETTED : RecommendationState.REJECTED;
        return store.move(proposed, RecommendationState.TABLE.move(proposed.state(), verdict, VETTING_ACTOR, now,
                report.summary()));
    }

    /**
     * Stores the tuning loop's own proposal (origin ADVISOR) as PROPOSED with its predicted gain, and
     * vets it at once against the cluster's current configuration: VETTED when every gate passes,
     * else REJECTED with every failed reason in the audit trail.
     *
     * @param note the proposal's evidence in one paragraph, shown with the recommendation
     * @throws InvalidSettingsException when the catalog refuses the settings; nothing is stored
     */
    @Transactional
    public Recommendation propose(ClusterId cluster, Map<String, String> settings, Configuration current, GainEstimate gain,
                                  String note, String actor) {
        return propose(cluster, settings, List.of(), current, gain, note, actor, Optional.empty());
    }

    /**
     * As {@link #propose(ClusterId, Map, Configuration, GainEstimate, String, String)}, for the {@code tables} that table
     * options apply to (none for node settings), with what a race on an experiment node said of the change (the race gate
     * of vetting reads it; the note says it too).
     */
    @Transactional
    public Recommendation propose(ClusterId cluster, Map<String, String> settings, List<String> tables, Configuration current,
                                  GainEstimate gain, String note, String actor, Optional<RaceEvidence> race) {
        Candidate candidate = new Candidate(settings, current, properties.nodeFacts().toNodeFacts(), Set.of(), Optional.of(gain),
                race);
        List<GateFailure> invalid = new ArrayList<>(catalogGate.check(candidate, properties.policy()));
        invalid.addAll(TableTargets.check(catalog, settings, tables));
        if (!invalid.isEmpty()) {
            throw new InvalidSettingsException(invalid);
        }
        VettingReport report = vetting.vet(candidate, properties.policy());
        Instant now = clock.instant();
        Recommendation proposed = new Recommendation(UUID.randomUUID(), cluster, RecommendationState.PROPOSED, Origin.ADVISOR,
                settings, note, report.tier(), Optional.of(gain), now, now, 0, tables);
        store.insert(proposed, new AuditEntry<>(Optional.empty(), RecommendationState.PROPOSED, actor, now, "proposed: " + note));
        RecommendationState verdict = report.passed() ? RecommendationState.VETTED : RecommendationState.REJECTED;
        return store.move(proposed, RecommendationState.TABLE.move(proposed.state(), verdict, VETTING_ACTOR, now,
                report.summary()));
    }

    @Transactional
    public Recommendation approve(UUID id, String actor, String comment) {
        return move(id, RecommendationState.APPROVED, actor, comment);
    }

    @Transactional
    public Recommendation reject(UUID id, String actor, String comment) {
        return move(id, RecommendationState.REJECTED, actor, comment);
    }

    /** Makes any move the table allows; the rollout service uses it for ROLLING_OUT and what follows. */
    @Transactional
    public Recommendation move(UUID id, RecommendationState to, String actor, String reason) {
        Recommendation current = get(id);
        Transition<RecommendationState> t = RecommendationState.TABLE.move(current.state(), to, actor, clock.instant(), reason);
        return store.move(current, t);
    }

    @Transactional(readOnly = true)
    public Recommendation get(UUID id) {
        return store.find(id).orElseThrow(() -> new NotFoundException("recommendation", id));
    }

    @Transactional(readOnly = true)
    public List<AuditEntry<RecommendationState>> auditTrail(UUID id) {
        get(id);
        return store.auditTrail(id);
    }

    @Transactional(readOnly = true)
    public List<Recommendation> list(Optional<ClusterId> cluster, Optional<RecommendationState> state, int limit) {
        return store.list(cluster, state, limit);
    }
}
