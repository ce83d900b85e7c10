package dev.ctuner.advisor;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The central advisor service: REST API over recommendations and rollouts (api/), their store
 * (store/, H2 file database under ./data by default) and the pure core (core/: safety planner,
 * lifecycle tables, vetting gates). Not built yet: learning and search, ingest from Kafka, and
 * the rollout orchestrator that acts on the persisted rollout state.
 */
@SpringBootApplication
public class AdvisorApplication {

    public static void main(String[] args) {
        SpringApplication.run(AdvisorApplication.class, args);
    }
}
