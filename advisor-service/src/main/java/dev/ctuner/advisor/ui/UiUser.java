package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import java.util.Map;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The signed-in user as every page shows it: name in the header, action buttons only for operators
 * (the server refuses actions to viewers regardless).
 *
 * <pre>{@code
 * UiUser.addTo(model);   // adds "userName" and "operator"
 * }</pre>
 */
final class UiUser {

    private UiUser() {
    }

    static boolean isOperator(Authentication who) {
        return who != null && who.isAuthenticated() && who.getAuthorities().stream()
                .anyMatch(a -> a.getAuthority().equals("ROLE_" + Role.OPERATOR.name()));
    }

    static String name(Authentication who) {
        return who == null || !who.isAuthenticated() || "anonymousUser".equals(who.getName()) ? null : who.getName();
    }

    static void addTo(Map<String, Object> model) {
        Authentication who = SecurityContextHolder.getContext().getAuthentication();
        model.put("operator", isOperator(who));
        model.put("userName", name(who));
    }
}
