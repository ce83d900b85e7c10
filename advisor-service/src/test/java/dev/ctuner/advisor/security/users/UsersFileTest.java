package dev.ctuner.advisor.security.users;

import static dev.ctuner.advisor.security.users.UserTableTest.operator;
import static dev.ctuner.advisor.security.users.UserTableTest.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsersFileTest {

    @TempDir
    Path dir;

    @Test
    void aMissingFileIsAnEmptyTable() {
        assertThat(UsersFile.read(dir.resolve("users")).isEmpty()).isTrue();
        assertThat(UsersFile.stamp(dir.resolve("users")).exists()).isFalse();
    }

    @Test
    void writtenOwnerOnlyInNewDirectoriesAndReadBack() throws Exception {
        Path file = dir.resolve("new/sub/users");
        UserTable t = UserTable.of(List.of(operator("alice"), viewer("bob")));
        UsersFile.write(file, t);
        assertThat(UsersFile.read(file)).isEqualTo(t);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        assertThat(UsersFile.openToOthers(file)).isFalse();
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(UsersFile.openToOthers(file)).isTrue();
    }

    @Test
    void replacingLeavesNoTemporaryFileAndChangesTheStamp() throws Exception {
        Path file = dir.resolve("users");
        UsersFile.write(file, UserTable.of(List.of(operator("alice"))));
        UsersFile.Stamp before = UsersFile.stamp(file);
        UsersFile.update(file, t -> t.add(viewer("bob"), Set.of()));
        assertThat(UsersFile.read(file).accounts()).extracting(UserAccount::name).containsExactly("alice", "bob");
        assertThat(UsersFile.stamp(file)).isNotEqualTo(before);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("users", "users.lock");
        }
    }

    @Test
    void aRefusedChangeWritesNothing() throws Exception {
        Path file = dir.resolve("users");
        UsersFile.write(file, UserTable.of(List.of(operator("alice"))));
        String before = Files.readString(file);
        assertThatThrownBy(() -> UsersFile.update(file, t -> t.remove("alice", 0))).hasMessageContaining("last OPERATOR");
        assertThat(Files.readString(file)).isEqualTo(before);
    }

    @Test
    void aMalformedFileIsRefusedWithItsPath() throws Exception {
        Path file = dir.resolve("users");
        Files.writeString(file, "alice:OPERATOR\n");
        assertThatThrownBy(() -> UsersFile.read(file)).hasMessageContaining(file + " line 1");
    }
}
