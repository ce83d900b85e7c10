package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium through Debian's chromedriver, in the Asia/Tokyo time zone (so that
 * local times differ from UTC), at 1366x768, with a profile of its own and the browser's console log
 * kept (to find script errors and CSP refusals). One per test class: start it once, close it at the end.
 *
 * <pre>{@code
 * try (Chromium chromium = Chromium.start()) { UiSession ui = chromium.session("http://localhost:" + port); ... }
 * }</pre>
 */
final class Chromium implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    final ChromeDriver browser;
    private final ChromeDriverService service;

    private Chromium(ChromeDriverService service, ChromeDriver browser) {
        this.service = service;
        this.browser = browser;
    }

    static Chromium start() throws IOException {
        assertThat(Files.isExecutable(BINARY) && Files.isExecutable(DRIVER))
                .as("needs Debian's chromium and chromium-driver (apt-get install -y chromium chromium-driver; .ci/run does it)")
                .isTrue();
        Path profile = Files.createTempDirectory("chromium-profile");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().withEnvironment(Map.of("TZ", "Asia/Tokyo")).build();
        ChromeOptions options = new ChromeOptions().setBinary(BINARY.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1366,768", "--user-data-dir=" + profile.toAbsolutePath());
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        try {
            return new Chromium(service, new ChromeDriver(service, options));
        } catch (RuntimeException e) {
            service.stop();
            throw e;
        }
    }

    /** A session whose screenshots stay in {@code target/ui-screenshots/}. */
    UiSession session(String base) {
        return new UiSession(browser, base, false);
    }

    /** A session whose screenshots are also copied to {@code docs/ui/} with {@code -Dui.screenshots.write=true}. */
    UiSession publishing(String base) {
        return new UiSession(browser, base, true);
    }

    @Override
    public void close() {
        try {
            browser.quit();
        } finally {
            service.stop();
        }
    }
}
