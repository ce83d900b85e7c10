package dev.ctuner.advisor.security.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

class PasswordsTest {

    @Test
    void emptyShortOverlongAndControlCharactersAreRefusedWithoutQuotingThePassword() {
        assertThatThrownBy(() -> Passwords.check("")).hasMessage("the password is empty");
        assertThatThrownBy(() -> Passwords.check(null)).hasMessage("the password is empty");
        assertThatThrownBy(() -> Passwords.check("s3cret!")).hasMessage("the password is shorter than 8 characters");
        assertThatThrownBy(() -> Passwords.check("é".repeat(37))).hasMessageContaining("longer than 72 bytes");
        assertThatThrownBy(() -> Passwords.check("tab\tinside")).hasMessageContaining("control character")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("inside"));
        assertThat(Passwords.check("é".repeat(36))).hasSize(36);
    }

    @Test
    void theHashIsBcryptAtTheGivenCostAndMatchesOnlyThePassword() {
        String hash = Passwords.hash("correct horse", 4);
        assertThat(hash).startsWith("$2a$04$").matches(UserAccount.BCRYPT);
        BCryptPasswordEncoder encoder = new BCryptPasswordEncoder();
        assertThat(encoder.matches("correct horse", hash)).isTrue();
        assertThat(encoder.matches("correct horsf", hash)).isFalse();
        assertThat(Passwords.hash("correct horse", 4)).as("salted").isNotEqualTo(hash);
    }

    @Test
    void generatedPasswordsAreLongUrlSafeAndPassTheCheck() {
        SecureRandom random = new SecureRandom();
        String a = Passwords.generate(random);
        assertThat(a).hasSize(32).matches("[A-Za-z0-9_-]+");
        assertThat(Passwords.check(a)).isEqualTo(a);
        assertThat(Passwords.generate(random)).isNotEqualTo(a);
    }
}
