package dev.ctuner.advisor.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Abuse of the UI's form actions over real HTTP with a signed-in operator's session: a POST without
 * its CSRF token is refused (403, "out of date") and changes nothing; one with the token but garbage
 * fields gets the page's error message (4xx), never a 500 or a stack trace, and changes nothing.
 */
class UiFormAbuseTest extends AbuseTestBase {

    /** Every form action of the UI, on the seeded objects. */
    List<String> actions() {
        String cluster = ids.clusters().get(0);
        String waiting = ids.recommendations().get(0);
        String rollout = ids.rollouts().get(0);
        List<String> actions = new ArrayList<>();
        for (String a : List.of("pause", "resume", "policy")) {
            actions.add("/ui/act/clusters/" + cluster + "/loop/" + a);
        }
        for (String a : List.of("approve", "reject", "rollout")) {
            actions.add("/ui/act/recommendations/" + waiting + "/" + a);
        }
        for (String a : List.of("pause", "resume", "abort", "rollback")) {
            actions.add("/ui/act/rollouts/" + rollout + "/" + a);
        }
        return actions;
    }

    @Test
    void aFormPostWithoutItsCsrfTokenIsRefusedAndChangesNothing() {
        Advisor olga = advisor.signIn("olga", PASSWORD);
        Map<String, Long> before = counts();
        List<String> defects = new ArrayList<>();
        List<String> all = new ArrayList<>(actions());
        all.add("/ui/logout");
        for (String action : all) {
            HttpResponse<String> r = olga.send(olga.form(action, Map.of("comment", "no token", "canaryFirst", "true",
                    "step", "apply", "mode", "MANUAL", "tiers", "LIVE", "maxChangesPerDay", "1")));
            if (r.statusCode() != 403 || !r.body().contains("This form is out of date")) {
                defects.add(action + ": " + r.statusCode() + " " + AbuseRequests.abbreviate(r.body(), 200));
            }
        }
        HttpResponse<String> login = advisor.send(advisor.form("/ui/login", Map.of("username", "olga", "password", PASSWORD)));
        if (login.statusCode() != 403) {
            defects.add("/ui/login without a token: " + login.statusCode());
        }
        assertThat(defects).isEmpty();
        assertThat(olga.send(olga.request("/ui/clusters").GET().build()).statusCode()).as("still signed in").isEqualTo(200);
        assertThat(counts()).isEqualTo(before);
    }

    /** Fields no form accepts: a blank or oversized comment, with wrong values in every other field a form has. */
    static List<Map<String, String>> garbage() {
        Map<String, String> everything = new LinkedHashMap<>();
        everything.put("comment", " \t\n ");
        everything.put("canaryFirst", "banana");
        everything.put("aggressive", "2");
        everything.put("step", "apply");
        everything.put("mode", "SOMETIMES");
        everything.put("tiers", "NUCLEAR");
        everything.put("minPredictedGain", "NaN");
        everything.put("minLowerBound", "1e999");
        everything.put("maxChangesPerDay", "-5");
        everything.put("window", "perhaps");
        everything.put("windowDays", "FUNDAY");
        everything.put("windowStart", "25:99");
        everything.put("windowZone", "Mars/Olympus");
        return List.of(Map.of("comment", ""), Map.of("comment", "x".repeat(5000), "step", "apply"), everything,
                Map.of("comment", "", "step", "<script>alert(1)</script>", "extra", "${jndi:ldap://x/a}"));
    }

    @Test
    void garbageFieldsWithAValidTokenGetThePagesErrorMessageAndChangeNothing() {
        Advisor olga = advisor.signIn("olga", PASSWORD);
        Map<String, Long> before = counts();
        List<String> defects = new ArrayList<>();
        for (String action : actions()) {
            for (Map<String, String> fields : garbage()) {
                Map<String, String> form = new LinkedHashMap<>(fields);
                form.put("_csrf", olga.csrfOf(action));
                check(action, olga.send(olga.form(action, form)), defects);
            }
        }
        // addresses no form has, with a token and a valid comment
        String token = olga.csrfOf(actions().get(0));
        for (String action : List.of("/ui/act/recommendations/not-a-uuid/approve", "/ui/act/rollouts/" + ids.rollouts().get(0)
                + "/explode", "/ui/act/recommendations/" + java.util.UUID.randomUUID() + "/rollout", "/ui/act/clusters/"
                + "no-such-cluster/loop/pause", "/ui/act/clusters/" + "a".repeat(3000) + "/loop/policy")) {
            check(action, olga.send(olga.form(action, Map.of("_csrf", token, "comment", "garbage address", "mode", "MANUAL",
                    "step", "apply"))), defects);
        }
        assertThat(defects).isEmpty();
        assertThat(counts()).isEqualTo(before);
    }

    private static void check(String action, HttpResponse<String> r, List<String> defects) {
        String where = AbuseRequests.abbreviate(action, 80);
        if (r.statusCode() < 400 || r.statusCode() >= 500) {
            defects.add(where + ": " + r.statusCode() + " " + AbuseRequests.abbreviate(r.body(), 300));
        } else if (!r.body().contains("role=\"alert\"")) {
            defects.add(where + ": " + r.statusCode() + " without the page's error message: " + AbuseRequests.abbreviate(r.body(), 300));
        }
        for (String leak : List.of("Exception", "at dev.ctuner", "org.springframework", "java.lang", "tools.jackson")) {
            if (r.body().contains(leak)) {
                defects.add(where + ": " + r.statusCode() + " body contains " + leak);
            }
        }
    }
}
