package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.Scope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The checks of a campaign or race request, each adding what is wrong to a list, so that a request
 * is answered with every problem at once and nothing stored.
 */
final class CampaignChecks {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,59}");

    private final CampaignStore store;
    private final KnobCatalog catalog;
    private final CampaignProperties properties;

    CampaignChecks(CampaignStore store, KnobCatalog catalog, CampaignProperties properties) {
        this.store = store;
        this.catalog = catalog;
        this.properties = properties;
    }

    void nameProblems(String name, List<InputViolation> problems) {
        if (!NAME.matcher(name).matches()) {
            problems.add(new InputViolation("name", "PATTERN", clip(name), "[a-z0-9][a-z0-9-]{0,59}",
                    "a campaign's name is 1-60 lower-case letters, digits or '-', starting with a letter or digit"));
        } else if (store.findByName(name).isPresent()) {
            problems.add(new InputViolation("name", "TAKEN", name, "a name no campaign has",
                    "a campaign named " + name + " exists already; campaigns are kept, so choose another name"));
        }
    }

    void knobProblems(String field, List<String> knobs, List<InputViolation> problems) {
        for (String k : knobs) {
            Optional<Knob> knob = k == null ? Optional.empty() : catalog.lookup(k);
            if (knob.isEmpty()) {
                problems.add(new InputViolation(field, "UNKNOWN_KNOB", clip(String.valueOf(k)), "a knob of the catalog",
                        "'" + clip(String.valueOf(k)) + "' is not a knob of the Cassandra " + catalog.version() + " catalog"));
            } else if (knob.get().scope() != Scope.NODE && knob.get().scope() != Scope.TABLE) {
                problems.add(new InputViolation(field, "NOT_ALLOWED", k, "node settings and table options",
                        k + " is a " + knob.get().scope() + " option: an experiment sets node settings and table options only"));
            }
        }
    }

    /** Every value must be one the catalog accepts on the experiment nodes (a node would refuse it). */
    void valueProblems(String field, Map<String, String> configuration, List<InputViolation> problems) {
        if (configuration.values().stream().anyMatch(v -> v == null)) {
            problems.add(new InputViolation(field, "REQUIRED", "null", "a value per knob", "a knob in " + field + " has no value"));
            return;
        }
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        Map<String, String> known = new TreeMap<>(configuration);
        known.keySet().removeIf(k -> catalog.lookup(k).isEmpty());   // unknown knobs are named by knobProblems
        catalog.validate(known, Configuration.EMPTY, properties.nodeFacts().toNodeFacts(), all).errors().forEach(v ->
                problems.add(new InputViolation(field + "." + String.join("+", v.knobs()), v.code().name(), clip(String.valueOf(v.value())),
                        v.allowed(), v.message())));
    }

    void nodeProblems(List<String> nodes, List<InputViolation> problems) {
        if (properties.experimentNodes().isEmpty()) {
            problems.add(new InputViolation("nodes", "NO_EXPERIMENT_NODE", "", "a node under ctuner.advisor.campaigns.experiment-nodes",
                    "no experiment node is configured: name the nodes whose sidecar has role: experiment under "
                            + "ctuner.advisor.campaigns.experiment-nodes (cluster/node)"));
            return;
        }
        for (String n : nodes) {
            if (!properties.experimentNodes().contains(n)) {
                problems.add(new InputViolation("nodes", "NOT_AN_EXPERIMENT_NODE", clip(String.valueOf(n)),
                        String.join(", ", properties.experimentNodes()),
                        "'" + clip(String.valueOf(n)) + "' is not one of the configured experiment nodes"));
            }
        }
    }

    static int within(List<InputViolation> problems, String field, Integer given, int dflt, int min, int max) {
        return (int) within(problems, field, given == null ? null : given.longValue(), (long) dflt, min, max);
    }

    static long within(List<InputViolation> problems, String field, Long given, long dflt, long min, long max) {
        if (given == null) {
            return dflt;
        }
        if (given < min || given > max) {
            problems.add(new InputViolation(field, "RANGE", Long.toString(given), min + " to " + max,
                    field + " must lie in [" + min + ", " + max + "]"));
            return dflt;
        }
        return given;
    }

    static String clip(String text) {
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
