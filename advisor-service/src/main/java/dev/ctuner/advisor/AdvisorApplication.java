package dev.ctuner.advisor;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The central advisor service: REST API over recommendations and rollouts (api/), their store
 * (store/, H2 file database under ./data by default), the surrogate model trained from experiment
 * CSVs (learning/), advice and plans over it (advice/, planning/) and the pure core (core/). Not
 * built yet: ingest from Kafka, and the rollout orchestrator that acts on the persisted rollout state.
 */
@SpringBootApplication
public class AdvisorApplication {

    public static void main(String[] args) {
        SpringApplication.run(AdvisorApplication.class, args);
    }
}
