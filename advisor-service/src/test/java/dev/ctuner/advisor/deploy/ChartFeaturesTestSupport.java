package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Reading the committed renderings in ci/rendered/: documents by kind, dotted paths, lists. */
final class ChartFeaturesTestSupport {

    private ChartFeaturesTestSupport() {
    }

    static List<Map<String, Object>> documents(String rendering, String kind) throws IOException {
        return KubernetesModelTest.documents(HelmRenderingTest.RENDERED.resolve(rendering)).stream()
                .filter(d -> kind.equals(d.get("kind"))).toList();
    }

    static Map<String, Object> single(String rendering, String kind) throws IOException {
        List<Map<String, Object>> found = documents(rendering, kind);
        assertThat(found).as("%s in %s", kind, rendering).hasSize(1);
        return found.get(0);
    }

    static Object get(Map<String, Object> root, String dotted) {
        Object node = root;
        for (String key : dotted.split("\\.")) {
            if (!(node instanceof Map<?, ?> m)) {
                return null;
            }
            node = m.get(key);
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object node) {
        assertThat(node).isInstanceOf(List.class);
        return (List<Map<String, Object>>) node;
    }

    static List<Map<String, Object>> containers(Map<String, Object> workload) {
        return list(get(workload, "spec.template.spec.containers"));
    }
}
