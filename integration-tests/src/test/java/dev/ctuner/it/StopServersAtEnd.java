package dev.ctuner.it;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Stops the shared servers by PID when the test run ends, whether the tests passed or not. */
public final class StopServersAtEnd implements LauncherSessionListener {

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        Servers.stopAll();
    }
}
