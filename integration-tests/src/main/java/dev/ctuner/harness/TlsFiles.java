package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away PKI for TLS tests, made with the JDK's keytool: a CA, a broker key pair whose
 * certificate names 127.0.0.1, a client key pair (for mutual TLS), all signed by the CA, and a trust
 * store holding the CA. All stores are PKCS12 with one random password.
 */
public record TlsFiles(Path truststore, Path brokerKeystore, Path clientKeystore, String password) {

    public static TlsFiles create(Path dir, Path java) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        String password = HexFormat.of().formatHex(random);
        Path keytool = java.resolveSibling("keytool");
        Keytool tool = new Keytool(keytool, dir, password);
        tool.run("-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=ctuner test CA",
                "-ext", "bc:c", "-validity", "7", "-keystore", "ca.p12");
        tool.run("-exportcert", "-rfc", "-alias", "ca", "-keystore", "ca.p12", "-file", "ca.pem");
        tool.run("-importcert", "-noprompt", "-alias", "ca", "-file", "ca.pem", "-keystore", "truststore.p12");
        tool.signed("broker", "SAN=ip:127.0.0.1,dns:localhost");
        tool.signed("client", null);
        return new TlsFiles(dir.resolve("truststore.p12"), dir.resolve("broker.p12"), dir.resolve("client.p12"), password);
    }

    private record Keytool(Path keytool, Path dir, String password) {

        /** A key pair in {@code <name>.p12} with a certificate signed by the CA (and the CA's certificate beside it). */
        void signed(String name, String extension) throws IOException, InterruptedException {
            String store = name + ".p12";
            run("-genkeypair", "-alias", name, "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=" + name, "-validity", "7",
                    "-keystore", store);
            run("-certreq", "-alias", name, "-keystore", store, "-file", name + ".csr");
            List<String> sign = new ArrayList<>(List.of("-gencert", "-alias", "ca", "-keystore", "ca.p12", "-infile", name + ".csr",
                    "-outfile", name + ".pem", "-rfc", "-validity", "7"));
            if (extension != null) {
                sign.addAll(List.of("-ext", extension));
            }
            run(sign.toArray(String[]::new));
            run("-importcert", "-noprompt", "-alias", "ca", "-file", "ca.pem", "-keystore", store);
            run("-importcert", "-alias", name, "-file", name + ".pem", "-keystore", store);
        }

        void run(String... arguments) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(keytool.toString()));
            command.addAll(List.of(arguments));
            command.addAll(List.of("-storetype", "PKCS12", "-storepass", password));
            if (List.of(arguments).contains("-genkeypair")) {
                command.addAll(List.of("-keypass", password));
            }
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool " + arguments[0] + " failed: " + output.replace(password, "<password>"));
            }
        }
    }
}
