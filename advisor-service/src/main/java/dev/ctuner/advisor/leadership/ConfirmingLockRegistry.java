package dev.ctuner.advisor.leadership;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import org.springframework.integration.support.locks.LockRegistry;

/**
 * A lock registry that tells {@link Leadership} each time its lock was taken or renewed in the database
 * ({@code tryLock} succeeded): the leader initiator renews by taking the lock again at each heartbeat.
 */
final class ConfirmingLockRegistry implements LockRegistry<Lock> {

    private final LockRegistry<? extends Lock> delegate;
    private final Runnable onConfirmed;

    ConfirmingLockRegistry(LockRegistry<? extends Lock> delegate, Runnable onConfirmed) {
        this.delegate = delegate;
        this.onConfirmed = onConfirmed;
    }

    @Override
    public Lock obtain(Object lockKey) {
        Lock lock = delegate.obtain(lockKey);
        return new Lock() {
            @Override
            public void lock() {
                lock.lock();
                onConfirmed.run();
            }

            @Override
            public void lockInterruptibly() throws InterruptedException {
                lock.lockInterruptibly();
                onConfirmed.run();
            }

            @Override
            public boolean tryLock() {
                return confirmed(lock.tryLock());
            }

            @Override
            public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
                return confirmed(lock.tryLock(time, unit));
            }

            @Override
            public void unlock() {
                lock.unlock();
            }

            @Override
            public Condition newCondition() {
                return lock.newCondition();
            }
        };
    }

    private boolean confirmed(boolean taken) {
        if (taken) {
            onConfirmed.run();
        }
        return taken;
    }
}
