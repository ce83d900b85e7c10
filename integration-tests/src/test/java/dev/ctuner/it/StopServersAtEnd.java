package dev.ctuner.it;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the shared servers by PID when the test run ends, whether the tests passed or not. */
public final class StopServersAtEnd implements LauncherSessionListener {

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        try {
            Servers.stopAll();
        } catch (ExceptionInInitializerError | NoClassDefFoundError noRuntime) {
            // Servers could not even locate the server runtimes (a run of plain unit tests on an unbuilt tree): nothing was started.
        }
    }
}
