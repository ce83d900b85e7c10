package dev.ctuner.advisor.security.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UserTableTest {

    static final String HASH = "$2a$04$" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0";

    static UserAccount operator(String name) {
        return new UserAccount(name, Role.OPERATOR, HASH);
    }

    static UserAccount viewer(String name) {
        return new UserAccount(name, Role.VIEWER, HASH);
    }

    @Test
    void formatThenParseGivesTheSameTableInNameOrder() {
        UserTable t = UserTable.of(java.util.List.of(viewer("bob"), operator("alice")));
        String text = t.format();
        assertThat(text).startsWith("# Users of the ctuner advisor").contains("users add|passwd|remove|list")
                .endsWith("alice:OPERATOR:" + HASH + "\nbob:VIEWER:" + HASH + "\n");
        assertThat(UserTable.parse(text, "users")).isEqualTo(t);
        assertThat(UserTable.parse(text, "users").accounts()).extracting(UserAccount::name).containsExactly("alice", "bob");
    }

    @Test
    void parseSkipsCommentsAndBlankLinesAndAcceptsLowerCaseRoles() {
        UserTable t = UserTable.parse("# x\n\n  carol:viewer:" + HASH + "  \r\n", "users");
        assertThat(t.accounts()).containsExactly(viewer("carol"));
    }

    @Test
    void parseNamesEveryBadLineWithItsNumber() {
        String text = "alice:OPERATOR:" + HASH + "\n"
                + "bad name:VIEWER:" + HASH + "\n"
                + "dave:ADMIN:" + HASH + "\n"
                + "erin:VIEWER:secret\n"
                + "frank:VIEWER\n"
                + "alice:VIEWER:" + HASH + "\n";
        assertThatThrownBy(() -> UserTable.parse(text, "/x/users"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("/x/users line 2: 'bad name' is not a valid user name")
                .hasMessageContaining("/x/users line 3: unknown role 'ADMIN'")
                .hasMessageContaining("/x/users line 4: the password hash of user 'erin' is not a bcrypt hash")
                .hasMessageContaining("/x/users line 5: expected name:ROLE:bcrypt-hash or name:ROLE:bcrypt-hash:cluster,cluster, found 2 field(s)")
                .hasMessageContaining("/x/users line 6: user 'alice' appears a second time")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secret"));
    }

    @Test
    void addRefusesANameTakenHereOrInTheSettings() {
        UserTable t = UserTable.empty().add(operator("alice"), Set.of());
        assertThatThrownBy(() -> t.add(viewer("alice"), Set.of()))
                .hasMessageContaining("user 'alice' already exists").hasMessageContaining("users passwd alice");
        assertThatThrownBy(() -> t.add(viewer("bob"), Set.of("bob")))
                .hasMessageContaining("configured under ctuner.advisor.security.users");
        assertThat(t.add(viewer("bob"), Set.of("carol")).accounts()).hasSize(2);
    }

    @Test
    void theLastOperatorCannotBeRemovedUnlessTheSettingsHaveOne() {
        UserTable t = UserTable.of(java.util.List.of(operator("alice"), viewer("bob")));
        assertThatThrownBy(() -> t.remove("alice", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'alice' is the last OPERATOR")
                .hasMessageContaining("users add NAME --role OPERATOR");
        assertThat(t.remove("alice", 1).accounts()).containsExactly(viewer("bob"));
        assertThat(t.remove("bob", 0).accounts()).containsExactly(operator("alice"));
        UserTable two = t.add(operator("carol"), Set.of());
        assertThat(two.remove("alice", 0).operators()).isEqualTo(1);
    }

    @Test
    void changingAnUnknownUserSaysWhoExists() {
        UserTable t = UserTable.of(java.util.List.of(operator("alice"), viewer("bob")));
        assertThatThrownBy(() -> t.remove("zoe", 0)).hasMessage("no user 'zoe' in the users file; it has alice, bob");
        assertThatThrownBy(() -> UserTable.empty().withPasswordHash("zoe", HASH)).hasMessageContaining("it has no users yet");
    }

    @Test
    void aNewPasswordHashReplacesOnlyThatUsersHash() {
        String other = "$2b$12$" + "0".repeat(53);
        UserTable t = UserTable.of(java.util.List.of(operator("alice"), viewer("bob"))).withPasswordHash("bob", other);
        assertThat(t.find("bob")).get().extracting(UserAccount::passwordHash).isEqualTo(other);
        assertThat(t.find("alice")).get().extracting(UserAccount::passwordHash).isEqualTo(HASH);
    }

    @Test
    void namesRolesAndHashesAreValidated() {
        assertThat(UserAccount.checkName("ops.team-1@site")).isEqualTo("ops.team-1@site");
        for (String bad : new String[] {"", "-x", "a:b", "a b", "x".repeat(65), "é"}) {
            assertThatThrownBy(() -> UserAccount.checkName(bad)).as(bad).hasMessageContaining("is not a valid user name");
        }
        assertThat(UserAccount.parseRole(" operator ")).isEqualTo(Role.OPERATOR);
        assertThatThrownBy(() -> UserAccount.parseRole("ADMIN"))
                .hasMessage("unknown role 'ADMIN': use OPERATOR (may change things) or VIEWER (reads only)");
        assertThatThrownBy(() -> new UserAccount("a", null, HASH)).hasMessageContaining("has no role");
        assertThatThrownBy(() -> new UserAccount("a", Role.VIEWER, "{noop}pw")).hasMessageContaining("not a bcrypt hash");
    }

    @Test
    void anAccountPrintsWithoutItsHash() {
        assertThat(operator("alice").toString()).isEqualTo("alice (OPERATOR)");
    }
}
