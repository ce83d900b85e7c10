package dev.ctuner.advisor.cli;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * The advisor's settings as the server would read them (its application.yml, {@code ./config/},
 * {@code SPRING_CONFIG_*}, environment variables such as {@code CTUNER_ADVISOR_DATA_DIR}, and
 * {@code -D} system properties), for the jar's commands: so {@code users add} writes the very file
 * the server reads. Starts no web server or anything else; {@link #database()} opens the database alone.
 *
 * <pre>{@code
 * UsersCommand.Settings s = CommandLineSettings.users();
 * }</pre>
 */
final class CommandLineSettings {

    /** No beans: only the environment is wanted. */
    static class Empty {
    }

    /** The database only: the data source the server would use, migrated by Flyway as at its start. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
            JdbcClientAutoConfiguration.class})
    static class Database {
    }

    private CommandLineSettings() {
    }

    /** A context holding the advisor's database (its JdbcClient), migrated; close it when done. */
    static ConfigurableApplicationContext database() {
        SpringApplication app = new SpringApplication(Database.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(false);
        app.setDefaultProperties(Map.of("logging.level.root", "WARN"));
        return app.run();
    }

    static UsersCommand.Settings users() {
        SpringApplication app = new SpringApplication(Empty.class);
        app.setWebApplicationType(WebApplicationType.NONE);
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setRegisterShutdownHook(false);
        app.setDefaultProperties(Map.of("logging.level.root", "WARN"));
        try (ConfigurableApplicationContext context = app.run()) {
            AdvisorSecurityProperties security = Binder.get(context.getEnvironment())
                    .bindOrCreate("ctuner.advisor.security", AdvisorSecurityProperties.class);
            Map<String, Role> configured = new LinkedHashMap<>();
            security.users().forEach(u -> configured.put(u.name(),
                    u.roles().contains(Role.OPERATOR) ? Role.OPERATOR : Role.VIEWER));
            return new UsersCommand.Settings(security.usersFile(), configured, security.initialAdminPasswordFile());
        }
    }
}
