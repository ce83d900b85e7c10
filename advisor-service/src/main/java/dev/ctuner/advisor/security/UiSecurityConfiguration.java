package dev.ctuner.advisor.security;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.HashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;

/**
 * The operator UI under {@code /ui}: form login at {@code /ui/login} with a session, CSRF tokens on
 * every form, a content security policy that allows only the advisor's own scripts and styles.
 * Viewers see every page; the action pages ({@code /ui/act/**}, confirmation and submit) and every
 * other POST need OPERATOR. A refused request gets a readable 403 page, never a bare status.
 * The REST API keeps its own stateless HTTP Basic chain ({@link SecurityConfiguration}): a UI
 * session does not authenticate {@code /api/**}.
 *
 * <pre>
 * GET  /ui/login            sign-in form (also the target of any unauthenticated UI request)
 * POST /ui/logout           signs out (CSRF token required)
 * </pre>
 */
@Configuration(proxyBeanMethods = false)
public class UiSecurityConfiguration {

    /** Own scripts and styles only (no inline script, no CDN); charts are inline SVG markup. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    @Bean
    @Order(1)
    SecurityFilterChain ui(HttpSecurity http, @Qualifier("thymeleafViewResolver") ObjectProvider<ViewResolver> views)
            throws Exception {
        http.securityMatcher("/ui/**", "/ui", "/")
                .authorizeHttpRequests(a -> a
                        // error pages are rendered by dispatching inside an already checked request
                        .dispatcherTypeMatchers(DispatcherType.FORWARD, DispatcherType.ERROR).permitAll()
                        .requestMatchers("/ui/login", "/ui/assets/**").permitAll()
                        .requestMatchers("/ui/act/**").hasRole(Role.OPERATOR.name())
                        .requestMatchers(request -> "POST".equals(request.getMethod())).hasRole(Role.OPERATOR.name())
                        .anyRequest().hasRole(Role.VIEWER.name()))
                .requestCache(r -> r.requestCache(pagesOnly()))
                .formLogin(f -> f.loginPage("/ui/login").loginProcessingUrl("/ui/login")
                        .defaultSuccessUrl("/ui/clusters", false).failureUrl("/ui/login?error").permitAll())
                .logout(l -> l.logoutUrl("/ui/logout").logoutSuccessUrl("/ui/login?logout"))
                .exceptionHandling(e -> e.accessDeniedHandler(denied(views)))
                .headers(h -> h.contentSecurityPolicy(c -> c.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(r -> r.policy(ReferrerPolicy.SAME_ORIGIN)));
        return http.build();
    }

    /**
     * Remembers the page a signed-out user asked for, to return there after signing in; not the
     * fragments the live pages poll (a poll after the session ended must not become the landing page).
     */
    static RequestCache pagesOnly() {
        HttpSessionRequestCache cache = new HttpSessionRequestCache();
        cache.setRequestMatcher(request -> "GET".equals(request.getMethod()) && !request.getRequestURI().endsWith("/live"));
        return cache;
    }

    /**
     * A 403 page that says why: a stale form (CSRF) or a role the user lacks. Rendered here, in the
     * filter chain, with the UI's error template.
     */
    static AccessDeniedHandler denied(ObjectProvider<ViewResolver> views) {
        return (HttpServletRequest request, HttpServletResponse response, AccessDeniedException e) -> {
            Authentication who = SecurityContextHolder.getContext().getAuthentication();
            boolean signedIn = who != null && who.isAuthenticated() && !(who instanceof AnonymousAuthenticationToken);
            String whoText = signedIn ? "signed in as " + who.getName() : "not signed in";
            boolean operator = signedIn && who.getAuthorities().stream()
                    .anyMatch(a -> a.getAuthority().equals("ROLE_" + Role.OPERATOR.name()));
            String message = e instanceof CsrfException
                    ? "This form is out of date: its security token is missing or belongs to an earlier session ("
                    + whoText + "). Go back, reload the page and try again; nothing was changed."
                    : "This action needs the OPERATOR role; you are " + whoText + " with the VIEWER role, which may only "
                    + "read. Nothing was changed. Ask an operator, or sign in as one.";
            response.setStatus(HttpStatus.FORBIDDEN.value());
            Map<String, Object> model = new HashMap<>();
            model.put("status", HttpStatus.FORBIDDEN.value());
            model.put("title", "Not allowed");
            model.put("message", message);
            model.put("userName", signedIn ? who.getName() : null);
            model.put("operator", operator);
            try {
                View view = views.getObject().resolveViewName("ui/error", request.getLocale());
                view.render(model, request, response);
            } catch (Exception renderFailed) {
                response.setContentType("text/plain;charset=UTF-8");
                response.getWriter().write(message);
            }
        };
    }
}
