package dev.ctuner.sidecar.bench;

import java.util.concurrent.locks.LockSupport;

/** Monotonic time for the driver; tests substitute a manual one to check pacing exactly. */
interface Ticker {

    long nanoTime();

    /** Returns once {@link #nanoTime()} has reached {@code nanos}. */
    void sleepUntil(long nanos) throws InterruptedException;

    Ticker SYSTEM = new Ticker() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long nanos) throws InterruptedException {
            long remaining;
            while ((remaining = nanos - System.nanoTime()) > 0) {
                LockSupport.parkNanos(remaining);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }
    };
}
