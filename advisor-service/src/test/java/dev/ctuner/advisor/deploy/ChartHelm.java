package dev.ctuner.advisor.deploy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.Yaml;

/**
 * helm lint and helm template of helm/ctuner in the JVM, through helm-java (helm's own Go library,
 * bundled per platform and loaded with JNA). Two gaps of helm-java 0.0.15 are bridged here:
 * <ul>
 *   <li>its template resolves the chart's {@code lookup} against a cluster and has no option to skip it: the
 *       test JVM's KUBECONFIG (set by surefire, advisor-service/pom.xml) names a file written here that points at a
 *       stand-in API server on loopback, which answers that no Secret exists, as {@code helm template} assumes;</li>
 *   <li>its template takes no --kube-version and assumes Kubernetes 1.20, below Chart.yaml's kubeVersion, and its
 *       lint takes no values file: both work on a copy of the chart (without the kubeVersion line for template,
 *       with the value set merged into values.yaml for lint, as helm lint -f merges it).</li>
 * </ul>
 */
final class ChartHelm {

    /** base64 of {@code <generated>}, as scripts/render-chart.sh writes it for generated passwords. */
    static final String PLACEHOLDER = "PGdlbmVyYXRlZD4=";
    private static HttpServer apiServer;

    private ChartHelm() {
    }

    /** helm lint --strict helm/ctuner [-f ci/SET-values.yaml]. */
    static LintResult lint(String set) throws IOException {
        return withCopy(copy -> {
            if (!set.equals("default")) {
                Map<String, Object> values = yaml(HelmChartTest.CHART.resolve("values.yaml"));
                HelmChartTest.mergeInto(values, yaml(valuesFile(set)));
                Files.writeString(copy.resolve("values.yaml"), new Yaml().dump(values));
            }
            return new Helm(copy).lint().strict().call();
        });
    }

    /** helm template ctuner helm/ctuner --namespace ctuner [-f ci/SET-values.yaml], generated passwords replaced. */
    static String template(String set) throws IOException {
        startApiServer();
        String manifests = withCopy(copy -> {
            Path chartYaml = copy.resolve("Chart.yaml");
            Files.writeString(chartYaml, Files.readString(chartYaml).replaceAll("(?m)^kubeVersion:.*\\n", ""));
            var template = new Helm(copy).template().withName("ctuner").withNamespace("ctuner");
            if (!set.equals("default")) {
                template = template.withValuesFile(valuesFile(set).toAbsolutePath());
            }
            return template.call();
        });
        return manifests.replaceAll("(?m)^(  (password|password-hash): ).*$", "$1" + PLACEHOLDER);
    }

    static Path valuesFile(String set) {
        return HelmChartTest.CHART.resolve("ci").resolve(set + "-values.yaml");
    }

    private static synchronized void startApiServer() throws IOException {
        if (apiServer != null) {
            return;
        }
        String kubeconfig = System.getenv("KUBECONFIG");
        if (kubeconfig == null || !kubeconfig.endsWith("helm-java-kubeconfig.yaml")) {
            throw new IllegalStateException("KUBECONFIG must name target/helm-java-kubeconfig.yaml (surefire sets it)");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            boolean discovery = exchange.getRequestURI().getPath().equals("/api/v1");
            String body = discovery
                    ? "{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":[{\"name\":\"secrets\","
                            + "\"singularName\":\"secret\",\"namespaced\":true,\"kind\":\"Secret\",\"verbs\":[\"get\"]}]}"
                    : "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"NotFound\",\"code\":404}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(discovery ? 200 : 404, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0)));
        Path file = Path.of(kubeconfig);
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters: [{name: stand-in, cluster: {server: "http://127.0.0.1:%d"}}]
                contexts: [{name: stand-in, context: {cluster: stand-in, user: nobody}}]
                users: [{name: nobody, user: {}}]
                current-context: stand-in
                """.formatted(server.getAddress().getPort()));
        apiServer = server;
    }

    private interface OnCopy<T> {
        T apply(Path copy) throws IOException;
    }

    private static <T> T withCopy(OnCopy<T> action) throws IOException {
        Path copy = Files.createTempDirectory("ctuner-chart-");
        try {
            try (Stream<Path> paths = Files.walk(HelmChartTest.CHART)) {
                for (Path path : paths.toList()) {
                    Path target = copy.resolve(HelmChartTest.CHART.relativize(path).toString());
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target);
                    }
                }
            }
            return action.apply(copy);
        } finally {
            try (Stream<Path> paths = Files.walk(copy)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Map<String, Object> yaml(Path file) throws IOException {
        Map<String, Object> map = new Yaml().load(Files.readString(file));
        return map == null ? new LinkedHashMap<>() : map;
    }
}
