package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Grafana dashboards shipped under {@code observability/grafana}: each panel's title, unit and
 * PromQL expressions, and each annotation's expression, read from the JSON as Grafana reads it.
 *
 * <pre>{@code
 * for (Dashboards.Dashboard d : Dashboards.read(root)) {
 *     d.panels().forEach(p -> System.out.println(p.title() + ": " + p.expressions()));
 * }
 * }</pre>
 */
public final class Dashboards {

    /** Where the dashboards are, relative to the repository root. */
    public static final Path DIR = Path.of("observability", "grafana");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One panel; {@code unit} is Grafana's unit id ({@code s}, {@code ops}, {@code percentunit}, ...). */
    public record Panel(int id, String title, String type, String unit, List<String> expressions, JsonNode json) {
    }

    /** One dashboard file. */
    public record Dashboard(Path file, String uid, String title, JsonNode json, List<Panel> panels, List<String> annotationExpressions) {
    }

    private Dashboards() {
    }

    /** Every dashboard of the repository at {@code root}, by file name. */
    public static List<Dashboard> read(Path root) throws IOException {
        List<Dashboard> dashboards = new ArrayList<>();
        try (Stream<Path> files = Files.list(root.resolve(DIR))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                dashboards.add(parse(file));
            }
        }
        return dashboards;
    }

    static Dashboard parse(Path file) throws IOException {
        JsonNode json = JSON.readTree(Files.readString(file));
        List<Panel> panels = new ArrayList<>();
        for (JsonNode p : json.path("panels")) {
            List<String> exprs = new ArrayList<>();
            for (JsonNode t : p.path("targets")) {
                exprs.add(t.path("expr").asString(""));
            }
            panels.add(new Panel(p.path("id").asInt(-1), p.path("title").asString(""), p.path("type").asString(""),
                    p.path("fieldConfig").path("defaults").path("unit").asString(""), exprs, p));
        }
        List<String> annotations = new ArrayList<>();
        for (JsonNode a : json.path("annotations").path("list")) {
            if (a.has("expr")) {
                annotations.add(a.path("expr").asString(""));
            }
        }
        return new Dashboard(file, json.path("uid").asString(""), json.path("title").asString(""), json, panels, annotations);
    }

    /** The data-source reference every panel, target, variable and annotation must use. */
    public static final String DATASOURCE = "${datasource}";

    private static final java.util.regex.Pattern HARD_CODED_TARGET = java.util.regex.Pattern.compile(
            "\\binstance\\s*=~?|\\b\\d{1,3}(\\.\\d{1,3}){3}\\b|localhost|[\\w.-]+:\\d{2,5}\\b");

    /**
     * What Grafana needs of a dashboard and this repository asks of ours: a schema version, a uid and
     * title, unique panel ids, a data-source variable of type {@code datasource} for Prometheus that
     * every panel, query, variable and annotation uses, an expression and a unit on every panel, and
     * no hard-coded instance or host in any expression. Empty when all is well.
     */
    public static List<String> problems(Dashboard d) {
        List<String> problems = new ArrayList<>();
        String name = d.file().getFileName().toString();
        JsonNode json = d.json();
        if (!json.path("schemaVersion").isInt() || json.path("schemaVersion").asInt() < 30) {
            problems.add(name + ": schemaVersion missing or older than 30");
        }
        if (d.uid().isBlank() || d.title().isBlank()) {
            problems.add(name + ": uid and title are required");
        }
        boolean datasourceVariable = false;
        for (JsonNode v : json.path("templating").path("list")) {
            if ("datasource".equals(v.path("type").asString("")) && "prometheus".equals(v.path("query").asString(""))
                    && "datasource".equals(v.path("name").asString(""))) {
                datasourceVariable = true;
            } else if ("query".equals(v.path("type").asString(""))) {
                checkReference(problems, name + " variable " + v.path("name").asString("?"), v.path("datasource"));
            }
        }
        if (!datasourceVariable) {
            problems.add(name + ": no template variable 'datasource' of type datasource for prometheus");
        }
        java.util.Set<Integer> ids = new java.util.HashSet<>();
        for (Panel p : d.panels()) {
            String where = name + " panel " + p.id() + " '" + p.title() + "'";
            if (p.id() <= 0 || !ids.add(p.id())) {
                problems.add(where + ": panel id missing or not unique");
            }
            if (p.title().isBlank() || p.unit().isBlank()) {
                problems.add(where + ": title and unit are required");
            }
            checkReference(problems, where, p.json().path("datasource"));
            if (p.expressions().isEmpty()) {
                problems.add(where + ": no query");
            }
            for (JsonNode t : p.json().path("targets")) {
                checkReference(problems, where + " query " + t.path("refId").asString("?"), t.path("datasource"));
            }
            for (String e : p.expressions()) {
                checkExpression(problems, where, e);
            }
        }
        for (JsonNode a : json.path("annotations").path("list")) {
            if (a.has("expr")) {
                checkReference(problems, name + " annotation '" + a.path("name").asString("?") + "'", a.path("datasource"));
                checkExpression(problems, name + " annotation '" + a.path("name").asString("?") + "'", a.path("expr").asString(""));
            }
        }
        return problems;
    }

    private static void checkReference(List<String> problems, String where, JsonNode datasource) {
        if (!"prometheus".equals(datasource.path("type").asString("")) || !DATASOURCE.equals(datasource.path("uid").asString(""))) {
            problems.add(where + ": data source must be {type: prometheus, uid: " + DATASOURCE + "}, not " + datasource);
        }
    }

    private static void checkExpression(List<String> problems, String where, String expression) {
        if (expression.isBlank()) {
            problems.add(where + ": empty expression");
        } else if (HARD_CODED_TARGET.matcher(expression).find()) {
            problems.add(where + ": hard-coded instance or host in " + expression);
        }
    }

    /**
     * The expression as Grafana sends it with every variable set to "all": {@code $cluster} and
     * {@code $node} match anything, {@code $__rate_interval} is one minute.
     */
    public static String resolve(String expression) {
        return expression.replace("$__rate_interval", "1m").replace("${cluster}", ".*").replace("$cluster", ".*")
                .replace("${node}", ".*").replace("$node", ".*");
    }
}
