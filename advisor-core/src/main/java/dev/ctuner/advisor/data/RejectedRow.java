package dev.ctuner.advisor.data;

/**
 * A CSV row that did not become a sample, and why.
 *
 * <pre>{@code
 * new RejectedRow(17, "scr-0042", "quality NOISY: foreign_cpu 0.4 cores");
 * }</pre>
 *
 * @param line 1-based line number in the file (the header is line 1)
 */
public record RejectedRow(int line, String experimentId, String reason) {
}
