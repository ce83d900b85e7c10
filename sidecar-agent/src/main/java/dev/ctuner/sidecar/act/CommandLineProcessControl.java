package dev.ctuner.sidecar.act;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Process control through external commands: operator-supplied {@code start}, {@code stop} and
 * {@code status} commands ({@code command} mode), or systemd's {@code systemctl start|stop|is-active
 * UNIT} ({@code systemd} mode). A command that exits non-zero is an error carrying its output.
 */
public final class CommandLineProcessControl implements ProcessControl {

    private final String mode;
    private final List<String> startCommand;
    private final List<String> stopCommand;
    private final List<String> statusCommand;
    private final Path logFile;

    public CommandLineProcessControl(String mode, List<String> startCommand, List<String> stopCommand,
                                     List<String> statusCommand, Path logFile) {
        if (startCommand.isEmpty() || stopCommand.isEmpty() || statusCommand.isEmpty()) {
            throw new IllegalArgumentException(mode + " mode needs start, stop and status commands");
        }
        this.mode = mode;
        this.startCommand = List.copyOf(startCommand);
        this.stopCommand = List.copyOf(stopCommand);
        this.statusCommand = List.copyOf(statusCommand);
        this.logFile = logFile;
    }

    /** systemd: {@code systemctl start|stop|is-active UNIT}. */
    public static CommandLineProcessControl systemd(String unit, Path logFile) {
        return new CommandLineProcessControl("systemd", List.of("systemctl", "start", unit), List.of("systemctl", "stop", unit),
                List.of("systemctl", "is-active", "--quiet", unit), logFile);
    }

    @Override
    public void stop(Duration timeout) throws Exception {
        run(stopCommand, timeout, true);
    }

    @Override
    public void start() throws Exception {
        run(startCommand, Duration.ofMinutes(2), true);
    }

    @Override
    public boolean isRunning() throws Exception {
        return run(statusCommand, Duration.ofSeconds(30), false) == 0;
    }

    private static int run(List<String> command, Duration timeout, boolean mustSucceed) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish within " + timeout);
        }
        String output = new String(process.getInputStream().readAllBytes()).trim();
        if (mustSucceed && process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " exited with " + process.exitValue() + ": " + output);
        }
        return process.exitValue();
    }

    @Override
    public Optional<Path> logFile() {
        return Optional.ofNullable(logFile);
    }

    @Override
    public String describe() {
        return mode + " (" + String.join(" ", startCommand) + ")";
    }
}
