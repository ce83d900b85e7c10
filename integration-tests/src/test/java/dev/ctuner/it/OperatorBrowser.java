package dev.ctuner.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Real headless Chromium (Debian's {@code chromium} through its {@code chromedriver}) on the
 * advisor's operator UI, signed in, with whole-page screenshots. Closing it quits the browser and
 * stops the driver.
 */
final class OperatorBrowser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriverService service;
    private final ChromeDriver browser;
    private final String base;
    private final Path screenshots;

    OperatorBrowser(String base, Path screenshots) throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("this test needs Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver");
        }
        this.base = base;
        this.screenshots = Files.createDirectories(screenshots);
        Path profile = Files.createTempDirectory("chromium-profile");
        service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--window-size=1366,768",
                "--user-data-dir=" + profile.toAbsolutePath());
        browser = new ChromeDriver(service, options);
    }

    void signIn(String user, String password) {
        open("/ui/login");
        browser.findElement(By.id("username")).sendKeys(user);
        browser.findElement(By.id("password")).sendKeys(password);
        browser.findElement(By.cssSelector("button[type=submit]")).click();
        await("Signed in as " + user);
    }

    void open(String path) {
        browser.get(base + path);
    }

    void click(By by) {
        browser.findElement(by).click();
    }

    void type(By by, String text) {
        browser.findElement(by).sendKeys(text);
    }

    /** Waits for a page that contains {@code text}. */
    void await(String text) {
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("body"), text));
    }

    String text() {
        return new WebDriverWait(browser, Duration.ofSeconds(15)).ignoring(StaleElementReferenceException.class)
                .until(b -> b.findElement(By.tagName("body")).getText());
    }

    String currentUrl() {
        return browser.getCurrentUrl();
    }

    /** The whole page at 1366 px wide. */
    void shot(String name) throws Exception {
        long height = (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollHeight");
        browser.manage().window().setSize(new Dimension(1366, (int) Math.max(768, Math.min(height + 120, 4000))));
        File png = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(png.toPath(), screenshots.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        browser.manage().window().setSize(new Dimension(1366, 768));
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
