package dev.ctuner.advisor.security;

import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * HTTP Basic over every endpoint outside the operator UI (which {@link UiSecurityConfiguration}
 * secures first, with form login and a session): GET needs VIEWER, and so do the POSTs that only compute (advice,
 * plans); anything else needs OPERATOR (which includes VIEWER). Stateless, so no session and no
 * CSRF token (no cookie authenticates a request).
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SecurityConfiguration.class);

    /** POST endpoints that compute an answer and store nothing. */
    static final String[] READS_BY_POST = {"/api/v1/advice", "/api/v1/plans"};

    @Bean
    @Order(2)
    SecurityFilterChain api(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(a -> a
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
        List<UserDetails> users = new ArrayList<>();
        for (AdvisorSecurityProperties.User user : properties.users()) {
            String hash = user.passwordHash().startsWith("{bcrypt}")
                    ? user.passwordHash().substring("{bcrypt}".length()) : user.passwordHash();
            users.add(User.withUsername(user.name()).password(hash).roles(expand(user.roles())).build());
        }
        if (users.isEmpty()) {
            String password = InitialAdminPassword.readOrCreate(properties.initialAdminPasswordFile(), new SecureRandom());
            users.add(User.withUsername("admin").password(encoder.encode(password))
                    .roles(expand(Set.of(Role.OPERATOR))).build());
            log.warn("No users configured under ctuner.advisor.security.users: user 'admin' (OPERATOR) signs in with "
                    + "the password in {}. Configure users with bcrypt hashes, then delete that file.",
                    properties.initialAdminPasswordFile().toAbsolutePath());
        }
        return new InMemoryUserDetailsManager(users);
    }

    /** OPERATOR includes VIEWER. */
    private static String[] expand(Set<Role> roles) {
        Set<String> names = new LinkedHashSet<>();
        roles.forEach(r -> names.add(r.name()));
        if (roles.contains(Role.OPERATOR)) {
            names.add(Role.VIEWER.name());
        }
        return names.toArray(String[]::new);
    }
}
