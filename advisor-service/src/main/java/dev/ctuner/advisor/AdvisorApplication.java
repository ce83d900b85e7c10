package dev.ctuner.advisor;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The central advisor service. Learning, planning and rollout (issues 6 to 8) are not built yet:
 * this application only boots.
 */
@SpringBootApplication
public class AdvisorApplication {

    public static void main(String[] args) {
        SpringApplication.run(AdvisorApplication.class, args);
    }
}
