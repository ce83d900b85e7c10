package dev.ctuner.sidecar.bench;

/** A ticker that moves only when told to (or when the driver sleeps): exact, instant pacing tests. */
final class ManualTicker implements Ticker {

    private long now;

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    @Override
    public synchronized void sleepUntil(long nanos) {
        now = Math.max(now, nanos);
    }

    synchronized void advance(long nanos) {
        now += nanos;
    }
}
