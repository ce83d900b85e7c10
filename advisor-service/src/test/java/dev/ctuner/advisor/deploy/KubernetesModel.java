package dev.ctuner.advisor.deploy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Strict reading of Kubernetes manifests into fabric8's typed model: each document becomes the class of its
 * apiVersion and kind, and any field the model does not know (which fabric8 keeps in additionalProperties
 * maps instead of refusing) is reported with its path. Custom resources the model lacks (ServiceMonitor,
 * PrometheusRule, the CassandraDatacenter patch) are checked field by field against the fields ctuner uses,
 * with their Kubernetes parts (metadata, selectors, pod templates, secret references) read by the model.
 */
final class KubernetesModel {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    private static final Map<String, Class<?>> TYPES = Map.of(
            "v1/ConfigMap", ConfigMap.class, "v1/Secret", Secret.class, "v1/Service", Service.class,
            "v1/ServiceAccount", ServiceAccount.class, "v1/PersistentVolumeClaim", PersistentVolumeClaim.class,
            "apps/v1/Deployment", Deployment.class, "apps/v1/StatefulSet", StatefulSet.class,
            "policy/v1/PodDisruptionBudget", PodDisruptionBudget.class,
            "networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class);

    private KubernetesModel() {
    }

    /** The problems of one manifest document (a map as YAML reads it); empty when every field is known. */
    static List<String> problems(Map<String, Object> document) {
        List<String> problems = new ArrayList<>();
        String type = document.get("apiVersion") + "/" + document.get("kind");
        Class<?> modelled = TYPES.get(type);
        if (modelled != null) {
            typed(document, modelled, "", problems);
        } else if (type.equals("monitoring.coreos.com/v1/ServiceMonitor")) {
            serviceMonitor(document, problems);
        } else if (type.equals("monitoring.coreos.com/v1/PrometheusRule")) {
            prometheusRule(document, problems);
        } else {
            problems.add(type + ": not a kind the chart is expected to render");
        }
        return problems;
    }

    /** A cass-operator CassandraDatacenter merge patch: spec.podTemplateSpec, read as a pod template. */
    static List<String> cassandraDatacenterPatchProblems(Map<String, Object> patch) {
        List<String> problems = new ArrayList<>();
        known(patch, "", Set.of("spec"), problems);
        Map<String, Object> spec = child(patch, "spec");
        known(spec, "spec", Set.of("podTemplateSpec"), problems);
        typed(child(spec, "podTemplateSpec"), PodTemplateSpec.class, "spec.podTemplateSpec", problems);
        return problems;
    }

    static <T> void typed(Object node, Class<T> type, String path, List<String> problems) {
        if (node == null) {
            return;
        }
        try {
            unknownFields(MAPPER.convertValue(node, type), path, problems);
        } catch (IllegalArgumentException e) {
            problems.add(path + ": " + e.getMessage());
        }
    }

    private static void serviceMonitor(Map<String, Object> monitor, List<String> problems) {
        known(monitor, "", Set.of("apiVersion", "kind", "metadata", "spec"), problems);
        typed(monitor.get("metadata"), ObjectMeta.class, "metadata", problems);
        Map<String, Object> spec = child(monitor, "spec");
        known(spec, "spec", Set.of("selector", "namespaceSelector", "endpoints", "jobLabel"), problems);
        typed(spec.get("selector"), LabelSelector.class, "spec.selector", problems);
        for (Map<String, Object> endpoint : children(spec, "endpoints")) {
            known(endpoint, "spec.endpoints[]", Set.of("port", "path", "scheme", "interval", "scrapeTimeout", "basicAuth",
                    "tlsConfig", "honorLabels", "relabelings", "metricRelabelings"), problems);
            Map<String, Object> auth = child(endpoint, "basicAuth");
            known(auth, "spec.endpoints[].basicAuth", Set.of("username", "password"), problems);
            typed(auth.get("username"), SecretKeySelector.class, "spec.endpoints[].basicAuth.username", problems);
            typed(auth.get("password"), SecretKeySelector.class, "spec.endpoints[].basicAuth.password", problems);
        }
    }

    private static void prometheusRule(Map<String, Object> rule, List<String> problems) {
        known(rule, "", Set.of("apiVersion", "kind", "metadata", "spec"), problems);
        typed(rule.get("metadata"), ObjectMeta.class, "metadata", problems);
        Map<String, Object> spec = child(rule, "spec");
        known(spec, "spec", Set.of("groups"), problems);
        for (Map<String, Object> group : children(spec, "groups")) {
            known(group, "spec.groups[]", Set.of("name", "interval", "rules"), problems);
            for (Map<String, Object> r : children(group, "rules")) {
                known(r, "spec.groups[].rules[]", Set.of("alert", "record", "expr", "for", "keep_firing_for", "labels",
                        "annotations"), problems);
            }
        }
    }

    private static void known(Map<String, Object> node, String path, Set<String> fields, List<String> problems) {
        for (String key : node.keySet()) {
            if (!fields.contains(key)) {
                problems.add(join(path, key) + ": unknown field");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> child(Map<String, Object> node, String key) {
        Object value = node.get(key);
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> children(Map<String, Object> node, String key) {
        Object value = node.get(key);
        return value instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
    }

    /** Walks the typed object; every non-empty additionalProperties map is a field the model did not know. */
    private static void unknownFields(Object node, String path, List<String> problems) {
        if (node == null) {
            return;
        }
        if (node instanceof Collection<?> items) {
            for (Object item : items) {
                unknownFields(item, path + "[]", problems);
            }
            return;
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> unknownFields(v, join(path, k.toString()), problems));
            return;
        }
        if (!node.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Class<?> type = node.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive() || field.getType().isEnum()) {
                    continue;
                }
                field.setAccessible(true);
                Object value;
                try {
                    value = field.get(node);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
                if (field.getName().equals("additionalProperties")) {
                    if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        extra.keySet().forEach(key -> problems.add(join(path, key.toString()) + ": unknown field"));
                    }
                } else if (!(value instanceof Map<?, ?> labels && field.getType() == Map.class
                        && labels.values().stream().allMatch(v -> v == null || v instanceof String))) {
                    unknownFields(value, join(path, field.getName()), problems);
                }
            }
        }
    }

    private static String join(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }
}
