package dev.ctuner.advisor.security.users;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * What a password must be, and its bcrypt hash. bcrypt reads at most 72 bytes, so a longer password
 * is refused rather than silently cut.
 *
 * <pre>{@code
 * String hash = Passwords.hash(Passwords.check("correct horse battery"), Passwords.COST);
 * String fresh = Passwords.generate(new SecureRandom());   // 32 characters, URL-safe
 * }</pre>
 */
public final class Passwords {

    /** bcrypt cost of the hashes the users command writes (2^12 rounds, about a quarter second). */
    public static final int COST = 12;
    public static final int MIN_LENGTH = 8;
    public static final int MAX_BYTES = 72;

    private Passwords() {
    }

    /** @return the password; @throws IllegalArgumentException saying what is wrong with it (never the password) */
    public static String check(String password) {
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("the password is empty");
        }
        if (password.codePointCount(0, password.length()) < MIN_LENGTH) {
            throw new IllegalArgumentException("the password is shorter than " + MIN_LENGTH + " characters");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            throw new IllegalArgumentException("the password is longer than " + MAX_BYTES + " bytes, more than bcrypt reads");
        }
        if (password.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("the password contains a control character (a tab or line break?)");
        }
        return password;
    }

    public static String hash(String password, int cost) {
        return new BCryptPasswordEncoder(cost).encode(check(password));
    }

    /** 24 random bytes, base64url: 32 characters. */
    public static String generate(SecureRandom random) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
