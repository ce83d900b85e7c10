package dev.ctuner.advisor;

import dev.ctuner.advisor.cli.AdvisorCommands;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The central advisor service: REST API over recommendations and rollouts (api/), their store
 * (store/, H2 file database in the data directory by default), the surrogate model trained from experiment
 * CSVs (learning/), advice and plans over it (advice/, planning/) and the pure core (core/). The
 * same jar runs the operator's commands (cli/), e.g. {@code users add alice --role OPERATOR}.
 */
@SpringBootApplication
public class AdvisorApplication {

    public static void main(String[] args) {
        if (AdvisorCommands.isCommand(args)) {   // e.g. "users add alice --role OPERATOR": a command, not the server
            System.exit(AdvisorCommands.run(args));
        }
        SpringApplication.run(AdvisorApplication.class, args);
    }
}
