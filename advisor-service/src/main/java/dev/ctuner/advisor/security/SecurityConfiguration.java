package dev.ctuner.advisor.security;

import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import jakarta.servlet.DispatcherType;
import java.security.SecureRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * HTTP Basic over every endpoint outside the operator UI (which {@link UiSecurityConfiguration}
 * secures first, with form login and a session): GET needs VIEWER, and so do the POSTs that only compute (advice,
 * plans); anything else needs OPERATOR (which includes VIEWER). Stateless, so no session and no
 * CSRF token (no cookie authenticates a request).
 *
 * <p>{@code /actuator/health} and its liveness and readiness groups answer anyone, for load
 * balancers and probes: the status only ({@code management.endpoint.health.show-details:
 * when-authorized}), with the details for a signed-in user. Every other actuator endpoint
 * ({@code /actuator/prometheus}, a health component) needs a user.
 *
 * <p>With a separate management port ({@code management.server.port}) the actuator moves there,
 * and that port answers only health and {@code /actuator/prometheus}, both without credentials, for
 * a Prometheus server that holds no operator's password; bind it to an internal interface
 * ({@code management.server.address}).
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    /** POST endpoints that compute an answer and store nothing. */
    static final String[] READS_BY_POST = {"/api/v1/advice", "/api/v1/plans"};

    /** Prometheus' scrape path. */
    static final String SCRAPE = "/actuator/prometheus";

    /** Health for load balancers and probes: status only unless signed in. */
    static final String[] OPEN_HEALTH = {"/actuator/health", "/actuator/health/liveness", "/actuator/health/readiness"};

    @Bean
    ManagementPort managementPort() {
        return new ManagementPort();
    }

    /** The separate management port: health and metrics for anyone who can reach it, nothing else. */
    @Bean
    @Order(0)
    SecurityFilterChain management(HttpSecurity http, ManagementPort port) throws Exception {
        http.securityMatcher(port)
                .authorizeHttpRequests(a -> a
                        .requestMatchers(HttpMethod.GET, "/actuator/health", "/actuator/health/**", SCRAPE).permitAll()
                        .requestMatchers(HttpMethod.HEAD, "/actuator/health", "/actuator/health/**", SCRAPE).permitAll()
                        .anyRequest().denyAll())
                .exceptionHandling(e -> e.authenticationEntryPoint(ProblemResponses.unauthorized())
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable());
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain api(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(a -> a
                        // the error page renders the refusal of a request that was already checked (or refused) here
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(HttpMethod.GET, OPEN_HEALTH).permitAll()
                        .requestMatchers(HttpMethod.HEAD, OPEN_HEALTH).permitAll()
                        .requestMatchers(HttpMethod.GET, "/api/**", "/v3/api-docs/**").hasRole(Role.VIEWER.name())
                        // computing advice or a plan stores nothing: a read, though it needs a body
                        .requestMatchers(HttpMethod.POST, READS_BY_POST).hasRole(Role.VIEWER.name())
                        .requestMatchers("/api/**").hasRole(Role.OPERATOR.name())
                        .anyRequest().authenticated())
                .httpBasic(b -> b.authenticationEntryPoint(ProblemResponses.unauthorized()))
                .exceptionHandling(e -> e.authenticationEntryPoint(ProblemResponses.unauthorized())
                        .accessDeniedHandler(ProblemResponses.forbidden()))
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(c -> c.disable());
        return http.build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return new BCryptPasswordEncoder();
    }

    @Bean
    UserDetailsService users(AdvisorSecurityProperties properties, PasswordEncoder encoder) {
        return new AdvisorUserDetailsService(properties, () -> encoder.encode(
                InitialAdminPassword.readOrCreate(properties.initialAdminPasswordFile(), new SecureRandom())));
    }
}
