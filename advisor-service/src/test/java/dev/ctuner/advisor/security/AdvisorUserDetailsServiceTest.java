package dev.ctuner.advisor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.security.users.UserAccount;
import dev.ctuner.advisor.security.users.UserTable;
import dev.ctuner.advisor.security.users.UsersFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

class AdvisorUserDetailsServiceTest {

    static final String HASH = "$2a$04$" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0";
    static final String ADMIN_HASH = "$2a$04$" + "0".repeat(53);

    @TempDir
    Path dir;

    AtomicInteger adminHashes = new AtomicInteger();

    AdvisorUserDetailsService service(List<AdvisorSecurityProperties.User> configured) {
        return new AdvisorUserDetailsService(new AdvisorSecurityProperties(configured, dir.resolve("users"),
                dir.resolve("initial-admin-password")), () -> {
                    adminHashes.incrementAndGet();
                    return ADMIN_HASH;
                });
    }

    void writeFile(UserAccount... accounts) throws Exception {
        FileTime before = Files.exists(dir.resolve("users")) ? Files.getLastModifiedTime(dir.resolve("users")) : null;
        UsersFile.write(dir.resolve("users"), UserTable.of(List.of(accounts)));
        if (before != null) {   // coarse clocks: make the change visible even within one millisecond
            Files.setLastModifiedTime(dir.resolve("users"), FileTime.fromMillis(before.toMillis() + 1000));
        }
    }

    static List<String> roles(AdvisorUserDetailsService s, String name) {
        return s.loadUserByUsername(name).getAuthorities().stream().map(GrantedAuthority::getAuthority).toList();
    }

    @Test
    void usersOfTheSettingsAndOfTheFileBothSignInOperatorIncludingViewer() throws Exception {
        writeFile(new UserAccount("bob", Role.VIEWER, HASH), new UserAccount("carol", Role.OPERATOR, HASH));
        AdvisorUserDetailsService s = service(List.of(new AdvisorSecurityProperties.User("alice", "{bcrypt}" + HASH,
                Set.of(Role.VIEWER))));
        assertThat(s.loadUserByUsername("alice").getPassword()).isEqualTo(HASH);
        assertThat(roles(s, "bob")).containsExactly("ROLE_VIEWER");
        assertThat(roles(s, "carol")).containsExactlyInAnyOrder("ROLE_OPERATOR", "ROLE_VIEWER");
        assertThatThrownBy(() -> s.loadUserByUsername("admin")).isInstanceOf(UsernameNotFoundException.class);
        assertThat(adminHashes).as("no initial admin while users exist").hasValue(0);
    }

    @Test
    void eachSignInGetsItsOwnUserObject() throws Exception {
        writeFile(new UserAccount("bob", Role.VIEWER, HASH));
        AdvisorUserDetailsService s = service(List.of());
        assertThat(s.loadUserByUsername("bob")).isNotSameAs(s.loadUserByUsername("bob"));
    }

    @Test
    void aNameInBothPlacesOrABadFileStopsTheStart() throws Exception {
        writeFile(new UserAccount("alice", Role.VIEWER, HASH));
        assertThatThrownBy(() -> service(List.of(new AdvisorSecurityProperties.User("alice", HASH, Set.of(Role.OPERATOR)))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("[alice] are both in the users file");
        Files.writeString(dir.resolve("users"), "alice:ROOT:" + HASH + "\n");
        assertThatThrownBy(() -> service(List.of())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("users line 1: unknown role 'ROOT'");
    }

    @Test
    void withoutUsersTheInitialAdminSignsInUntilTheFirstUserIsAdded() throws Exception {
        AdvisorUserDetailsService s = service(List.of());
        assertThat(s.loadUserByUsername("admin").getPassword()).isEqualTo(ADMIN_HASH);
        assertThat(roles(s, "admin")).contains("ROLE_OPERATOR");
        writeFile(new UserAccount("alice", Role.OPERATOR, HASH));
        assertThat(roles(s, "alice")).contains("ROLE_OPERATOR");
        assertThatThrownBy(() -> s.loadUserByUsername("admin")).isInstanceOf(UsernameNotFoundException.class);
        assertThat(adminHashes).hasValue(1);
    }

    @Test
    void aChangedFileIsReadAtTheNextSignInAndABadChangeKeepsTheUsersBefore() throws Exception {
        writeFile(new UserAccount("alice", Role.OPERATOR, HASH));
        AdvisorUserDetailsService s = service(List.of());
        writeFile(new UserAccount("alice", Role.OPERATOR, HASH), new UserAccount("bob", Role.VIEWER, HASH));
        assertThat(roles(s, "bob")).containsExactly("ROLE_VIEWER");
        Files.writeString(dir.resolve("users"), "garbage\n");
        Files.setLastModifiedTime(dir.resolve("users"), FileTime.fromMillis(System.currentTimeMillis() + 5000));
        assertThat(roles(s, "bob")).as("kept").containsExactly("ROLE_VIEWER");
        writeFile(new UserAccount("alice", Role.OPERATOR, HASH));
        assertThatThrownBy(() -> s.loadUserByUsername("bob")).isInstanceOf(UsernameNotFoundException.class);
    }
}
