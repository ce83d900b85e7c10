package dev.ctuner.sidecar;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The sidecar agent that runs beside one Cassandra node. Observing (issue 3) and acting (issue 4)
 * are not built yet: this application only boots.
 */
@SpringBootApplication
public class SidecarApplication {

    public static void main(String[] args) {
        SpringApplication.run(SidecarApplication.class, args);
    }
}
