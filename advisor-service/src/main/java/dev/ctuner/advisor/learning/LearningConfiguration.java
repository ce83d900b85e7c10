package dev.ctuner.advisor.learning;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@link LearningProperties}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LearningProperties.class)
public class LearningConfiguration {
}
