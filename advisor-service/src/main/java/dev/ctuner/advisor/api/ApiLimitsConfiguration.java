package dev.ctuner.advisor.api;

import dev.ctuner.advisor.config.ApiProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The request body limit of {@code /api/**}, ahead of the security chain (see {@link RequestBodyLimitFilter}), and
 * Tomcat's own error answers as problems ({@link ContainerProblemValve}).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiProperties.class)
public class ApiLimitsConfiguration {

    @Bean
    FilterRegistrationBean<RequestBodyLimitFilter> requestBodyLimit(ApiProperties properties) {
        FilterRegistrationBean<RequestBodyLimitFilter> registration =
                new FilterRegistrationBean<>(new RequestBodyLimitFilter(properties.maxBodySize().toBytes()));
        registration.addUrlPatterns("/api/*");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    /** Tomcat's own refusals (header too large, malformed request line) as problems too. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerProblems() {
        return ContainerProblemValve.installer();
    }
}
