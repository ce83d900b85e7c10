package dev.ctuner.sidecar.deploy;

import dev.ctuner.sidecar.SidecarApplication;
import dev.ctuner.common.image.ContainerImageContract;
import java.io.InputStream;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;

/** The sidecar's container image as the pom's {@code images} profile describes it (checks: {@link ContainerImageContract}). */
class ContainerImageConfigTest extends ContainerImageContract {

    @Override
    protected Class<?> application() {
        return SidecarApplication.class;
    }

    @Override
    protected String imageName() {
        return "sidecar-agent";
    }

    @Override
    protected String dataDirectoryVariable() {
        return "CTUNER_SIDECAR_ACT_STATE_DIR";
    }

    @Override
    protected int serverPort() throws Exception {
        try (InputStream in = SidecarApplication.class.getResourceAsStream("/application.yaml")) {
            Map<String, Object> yaml = new Yaml().load(in);
            @SuppressWarnings("unchecked")
            Map<String, Object> server = (Map<String, Object>) yaml.get("server");
            return (Integer) server.get("port");
        }
    }
}
