package dev.ctuner.advisor.deploy;

import dev.ctuner.advisor.AdvisorApplication;
import dev.ctuner.common.image.ContainerImageContract;
import java.io.InputStream;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/** The advisor's container image as the pom's {@code images} profile describes it (checks: {@link ContainerImageContract}). */
class ContainerImageConfigTest extends ContainerImageContract {

    @Override
    protected Class<?> application() {
        return AdvisorApplication.class;
    }

    @Override
    protected String imageName() {
        return "advisor-service";
    }

    @Override
    protected String dataDirectoryVariable() {
        return "CTUNER_ADVISOR_DATA_DIR";
    }

    @Override
    protected int serverPort() throws Exception {
        try (InputStream in = AdvisorApplication.class.getResourceAsStream("/application.yml")) {
            Map<String, Object> yaml = new Yaml().load(in);
            @SuppressWarnings("unchecked")
            Map<String, Object> server = (Map<String, Object>) yaml.get("server");
            return (Integer) server.get("port");
        }
    }
}
