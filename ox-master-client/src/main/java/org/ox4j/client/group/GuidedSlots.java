package org.ox4j.client.group;

/**
 * The slots 0..count-1 of a divisible job, handed out in batches as workers become free, by guided self-scheduling
 * (Polychronopoulos and Kuck, 1987): a batch is ⌈remaining / (2·workers)⌉ slots, so the first batches are large (few
 * round trips) and the last ones single slots, and the workers finish within about one slot's time of each other
 * whatever the slots cost and whatever else a worker has to do. Cost: about 2·workers·ln(count / (2·workers)) +
 * 2·workers batches. Thread-safe.
 */
final class GuidedSlots {
    private final int count;
    private final int workers;
    private int next;
    private int done;

    GuidedSlots(int count, int workers) {
        if (count < 1 || workers < 1) {
            throw new IllegalArgumentException("count " + count + ", workers " + workers);
        }
        this.count = count;
        this.workers = workers;
    }

    /** The next batch (ascending slots), or an empty one when every slot is handed out or the job stopped. */
    synchronized int[] take() {
        int remaining = count - next;
        int n = Math.min(remaining, Math.max(1, (remaining + 2 * workers - 1) / (2 * workers)));
        int[] batch = new int[n];
        for (int k = 0; k < n; k++) {
            batch[k] = next++;
        }
        return batch;
    }

    /** A batch that was taken is finished. */
    synchronized void finished(int[] batch) {
        done += batch.length;
    }

    /** Hands out nothing more (a batch failed: the job's answer is known). */
    synchronized void stop() {
        next = count;
    }

    /** Whether every slot was handed out and finished. */
    synchronized boolean allFinished() {
        return done == count;
    }
}
