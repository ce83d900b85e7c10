package dev.ctuner.advisor.tuning;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** The tuning loop's settings; its runner needs Kafka (it rolls out changes) and is declared with the rollout beans. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TuningProperties.class)
public class TuningConfiguration {
}
