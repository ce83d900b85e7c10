package dev.ctuner.advisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.security.users.UserAccount;
import dev.ctuner.advisor.security.users.UsersFile;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

class UsersCommandTest {

    @TempDir
    Path dir;

    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    Deque<String> typed = new ArrayDeque<>();
    boolean console = true;
    Map<String, Role> configured = Map.of();

    Path users() {
        return dir.resolve("users");
    }

    int run(String stdin, String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        UsersCommand.Io io = new UsersCommand.Io(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out), new PrintWriter(err),
                prompt -> console ? typed.removeFirst().toCharArray() : null, new SecureRandom());
        return UsersCommand.execute(args, new UsersCommand.Settings(users(), configured, dir.resolve("initial-admin-password")),
                io, 4);
    }

    boolean signsIn(String name, String password) {
        return UsersFile.read(users()).find(name).map(a -> new BCryptPasswordEncoder().matches(password, a.passwordHash()))
                .orElse(false);
    }

    @Test
    void addReadsThePasswordFromStandardInputAndStoresOnlyItsHash() throws Exception {
        assertThat(run("correct horse\n", "add", "alice", "--role", "operator", "--password-stdin")).isZero();
        assertThat(out.toString()).contains("Added alice (OPERATOR) to " + users().toAbsolutePath());
        assertThat(signsIn("alice", "correct horse")).isTrue();
        assertThat(Files.readString(users())).doesNotContain("correct horse");
        assertThat(UsersFile.read(users()).find("alice")).get().extracting(UserAccount::role).isEqualTo(Role.OPERATOR);
    }

    @Test
    void addAsksTheConsoleTwiceAndRefusesTwoDifferentPasswords() {
        typed.addAll(java.util.List.of("correct horse", "correct horsf"));
        assertThat(run("", "add", "alice", "--role", "OPERATOR")).isEqualTo(1);
        assertThat(err.toString()).contains("error: the two passwords differ").contains("Nothing was changed.");
        assertThat(Files.exists(users())).isFalse();
        typed.addAll(java.util.List.of("correct horse", "correct horse"));
        assertThat(run("", "add", "alice", "--role", "OPERATOR")).isZero();
        assertThat(signsIn("alice", "correct horse")).isTrue();
    }

    @Test
    void withoutAConsoleItSaysHowElseToGiveThePassword() {
        console = false;
        assertThat(run("", "add", "alice", "--role", "OPERATOR")).isEqualTo(1);
        assertThat(err.toString()).contains("no console").contains("--password-stdin").contains("--generate");
    }

    @Test
    void generatePrintsThePasswordOnceAndItSignsIn() {
        assertThat(run("", "add", "alice", "--role", "OPERATOR", "--generate")).isZero();
        Matcher m = Pattern.compile("Password of alice \\(shown once, keep it now\\): (\\S+)").matcher(out.toString());
        assertThat(m.find()).isTrue();
        assertThat(signsIn("alice", m.group(1))).isTrue();
    }

    @Test
    void badNamesEmptyPasswordsAndUnknownRolesAreRefusedAndNothingIsWritten() {
        assertThat(run("correct horse\n", "add", "bad:name", "--role", "VIEWER", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("'bad:name' is not a valid user name");
        assertThat(run("\n", "add", "bob", "--role", "VIEWER", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("the password is empty");
        assertThat(run("", "add", "bob", "--role", "VIEWER", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("standard input is empty");
        assertThat(run("correct horse\n", "add", "bob", "--role", "ADMIN", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("unknown role 'ADMIN': use OPERATOR");
        assertThat(run("correct horse\n", "add", "bob", "--password-stdin")).as("role missing: usage").isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--role=ROLE'");
        assertThat(run("", "add", "bob", "--role", "VIEWER", "--password-stdin", "--generate")).isEqualTo(1);
        assertThat(Files.exists(users())).isFalse();
    }

    @Test
    void removingTheLastOperatorIsRefusedUntilAnotherExists() {
        run("correct horse\n", "add", "alice", "--role", "OPERATOR", "--password-stdin");
        run("correct horse\n", "add", "bob", "--role", "VIEWER", "--password-stdin");
        assertThat(run("", "remove", "alice")).isEqualTo(1);
        assertThat(err.toString()).contains("'alice' is the last OPERATOR");
        assertThat(run("", "remove", "bob")).isZero();
        run("correct horse\n", "add", "carol", "--role", "OPERATOR", "--password-stdin");
        assertThat(run("", "remove", "alice")).isZero();
        assertThat(UsersFile.read(users()).accounts()).extracting(UserAccount::name).containsExactly("carol");
    }

    @Test
    void anOperatorInTheSettingsAllowsRemovingTheFilesLast() {
        configured = Map.of("root", Role.OPERATOR);
        run("correct horse\n", "add", "alice", "--role", "OPERATOR", "--password-stdin");
        assertThat(run("", "remove", "alice")).isZero();
    }

    @Test
    void passwdChangesOnlyUsersOfTheFile() {
        configured = Map.of("root", Role.OPERATOR);
        run("correct horse\n", "add", "alice", "--role", "OPERATOR", "--password-stdin");
        assertThat(run("battery staple\n", "passwd", "alice", "--password-stdin")).isZero();
        assertThat(signsIn("alice", "battery staple")).isTrue();
        assertThat(signsIn("alice", "correct horse")).isFalse();
        assertThat(run("battery staple\n", "passwd", "root", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("configured under ctuner.advisor.security.users");
        assertThat(run("battery staple\n", "passwd", "zoe", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("no user 'zoe' in the users file; it has alice");
        assertThat(run("correct horse\n", "add", "root", "--role", "VIEWER", "--password-stdin")).isEqualTo(1);
    }

    @Test
    void passwdOfTheInitialAdminSaysToAddItAsARealUser() {
        assertThat(run("battery staple\n", "passwd", "admin", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("users add admin --role OPERATOR");
    }

    @Test
    void listShowsNamesAndRolesNeverHashes() {
        assertThat(run("", "list")).isZero();
        assertThat(out.toString()).contains("'admin' (OPERATOR) signs in with the password in");
        configured = Map.of("root", Role.OPERATOR);
        run("correct horse\n", "add", "bob", "--role", "VIEWER", "--password-stdin");
        run("correct horse\n", "add", "carol", "--role", "OPERATOR", "--clusters", "prod-eu1,prod-us1", "--password-stdin");
        assertThat(run("", "list")).isZero();
        assertThat(out.toString()).containsPattern("bob\\s+VIEWER\\s+all\\s+users file")
                .containsPattern("carol\\s+OPERATOR\\s+prod-eu1,prod-us1\\s+users file")
                .containsPattern("root\\s+OPERATOR\\s+ctuner.advisor.security.users")
                .doesNotContain("$2");
    }

    @Test
    void aClusterIdThatCannotBeOneIsRefusedBeforeAnyPasswordIsAsked() {
        assertThat(run("", "add", "dave", "--role", "OPERATOR", "--clusters", "prod eu", "--password-stdin")).isEqualTo(1);
        assertThat(err.toString()).contains("'prod eu' is not a cluster id");
    }

    @Test
    void theFirstUserSaysTheInitialPasswordFileMayGo() throws Exception {
        Files.writeString(dir.resolve("initial-admin-password"), "x".repeat(32) + "\n");
        run("correct horse\n", "add", "alice", "--role", "OPERATOR", "--password-stdin");
        assertThat(out.toString()).contains("initial-admin-password no longer signs in; delete that file");
    }

    @Test
    void withoutASubcommandItPrintsUsage() {
        assertThat(run("")).isEqualTo(2);
        assertThat(err.toString()).contains("add").contains("passwd").contains("remove").contains("list");
    }
}
