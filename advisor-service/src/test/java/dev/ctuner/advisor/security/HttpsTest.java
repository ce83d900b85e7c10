package dev.ctuner.advisor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.TestUsers;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The advisor serves HTTPS with Spring Boot's standard {@code server.ssl.*} settings: a key pair
 * made by the JDK's keytool for this run, the API still asks for a user over TLS, the session cookie
 * is marked Secure, plain HTTP on the same port gets nothing, and the key store's password is never
 * in the log.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HttpsTest {

    static Path keyStore;
    static String password;

    @Autowired
    Environment environment;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-https-test");
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        password = "ks-" + HexFormat.of().formatHex(secret);
        keyStore = dir.resolve("advisor.p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "advisor", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", keyStore.toString(),
                "-storepass", password, "-keypass", password)).redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + out);
        }
        registry.add("server.ssl.enabled", () -> "true");
        registry.add("server.ssl.key-store", keyStore::toString);
        registry.add("server.ssl.key-store-type", () -> "PKCS12");
        registry.add("server.ssl.key-store-password", () -> password);
        registry.add("server.ssl.key-alias", () -> "advisor");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
    }

    private int port() {
        return Integer.parseInt(environment.getRequiredProperty("local.server.port"));
    }

    /** A client that trusts the run's own certificate and nothing else. */
    private static HttpClient trustingTheRunsCertificate() throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            trusted.load(in, password.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(tls).build();
    }

    private HttpResponse<String> get(HttpClient client, String scheme, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(scheme + "://127.0.0.1:" + port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthAnswersOverTlsTheApiStillAsksForAUserAndTheSessionCookieIsSecure() throws Exception {
        HttpClient https = trustingTheRunsCertificate();
        assertThat(get(https, "https", "/actuator/health").statusCode()).isEqualTo(200);
        assertThat(get(https, "https", "/api/v1/recommendations").statusCode()).isEqualTo(401);

        HttpResponse<String> login = get(https, "https", "/ui/login");
        assertThat(login.statusCode()).isEqualTo(200);
        List<String> cookies = login.headers().allValues("set-cookie");
        assertThat(cookies).as("the login form's session").anySatisfy(c -> assertThat(c).startsWith("JSESSIONID="));
        assertThat(cookies).allSatisfy(c -> assertThat(c).containsIgnoringCase("; Secure").containsIgnoringCase("HttpOnly"));
    }

    @Test
    void plainHttpOnTheTlsPortGetsNothingAndAnUntrustedClientIsRefused() throws Exception {
        HttpClient plain = HttpClient.newHttpClient();
        try {
            HttpResponse<String> answer = get(plain, "http", "/api/v1/recommendations");
            assertThat(answer.statusCode()).as("Tomcat's answer to plain HTTP on a TLS port").isEqualTo(400);
            assertThat(answer.body()).doesNotContain("recommendation");
        } catch (IOException refused) {
            // also fine: the connection was closed without an answer
        }
        assertThatThrownBy(() -> get(plain, "https", "/actuator/health"))
                .as("a client that does not trust the certificate").isInstanceOf(IOException.class);
    }

    @Test
    void theKeyStorePasswordIsNeverLogged(CapturedOutput output) throws Exception {
        get(trustingTheRunsCertificate(), "https", "/actuator/health");
        assertThat(output.getAll()).isNotEmpty().doesNotContain(password);
    }
}
