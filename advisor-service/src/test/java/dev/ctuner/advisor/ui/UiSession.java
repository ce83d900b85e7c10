package dev.ctuner.advisor.ui;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The browser on the advisor: pages by path, waits for text, sign-in, and whole-page screenshots
 * into {@code target/ui-screenshots/}; a session that {@code publishes} its screenshots also copies
 * each to the repository's {@code docs/ui/} when run with {@code -Dui.screenshots.write=true}.
 */
record UiSession(WebDriver browser, String base, boolean publishes) {

    static final String PASSWORD = "correct horse";
    static final Path SCREENSHOTS = Path.of("target", "ui-screenshots");
    static final Path DOCS = Path.of("..", "docs", "ui");
    static final Dimension LAPTOP = new Dimension(1366, 768);
    static final Dimension DESKTOP = new Dimension(1920, 1080);

    void open(String path) {
        browser.get(base + path);
    }

    /** Waits for a page (after a form was sent) that contains {@code text}. */
    void await(String text) {
        // while the page is replaced, Chrome may answer for the old body ("Node with given id does not belong to the
        // document"): look again until the wait is over
        new WebDriverWait(browser, Duration.ofSeconds(10)).ignoring(WebDriverException.class)
                .until(b -> b.findElement(By.tagName("body")).getText().contains(text));
    }

    /** The page's text; a page still being replaced after a click is read again once it has loaded. */
    String text() {
        return new WebDriverWait(browser, Duration.ofSeconds(10)).ignoring(WebDriverException.class)   // stale body included
                .until(b -> b.findElement(By.tagName("body")).getText());
    }

    void signIn(String user) {
        browser.findElement(By.id("username")).sendKeys(user);
        browser.findElement(By.id("password")).sendKeys(PASSWORD);
        browser.findElement(By.cssSelector("button[type=submit]")).click();
    }

    /** The whole page at 1366 px wide (taller than 768 when the page is), then back to 1366x768. */
    void shot(String name) {
        shot(name, LAPTOP);
    }

    /** The whole page at {@code screen}'s width (at least its height, longer when the page is), then back to 1366x768. */
    void shot(String name, Dimension screen) {
        try {
            browser.manage().window().setSize(screen);
            // the window grows by what the page is taller than the viewport, twice: reflowed at the new size, the page may grow again
            for (int i = 0; i < 2; i++) {
                long hidden = (Long) ((JavascriptExecutor) browser).executeScript(
                        "return Math.max(0, document.documentElement.scrollHeight - window.innerHeight)");
                Dimension now = browser.manage().window().getSize();
                if (hidden > 0) {
                    browser.manage().window().setSize(new Dimension(screen.width, (int) Math.min(now.height + hidden, 6000)));
                }
            }
            File png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
            Files.createDirectories(SCREENSHOTS);
            Path saved = Files.copy(png.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
            if (publishes && Boolean.getBoolean("ui.screenshots.write")) {
                Files.createDirectories(DOCS);
                Files.copy(saved, DOCS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
            }
            browser.manage().window().setSize(LAPTOP);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
