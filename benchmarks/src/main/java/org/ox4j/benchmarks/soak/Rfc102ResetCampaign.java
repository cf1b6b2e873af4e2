package org.ox4j.benchmarks.soak;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ox4j.client.OxClient;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * Resets of a whole group (where the {@link Placement} puts it) while an RFC-102 broadcast of a large integer is in flight: every member starts
 * {@code ox_bcast_102}, and at a random moment each is reset and then drains its links with sync balls, in turn with
 * {@code SM_reset_102} (ox_asir's drain, low → high only, so with root 0, whose tree sends only upwards) and with
 * {@code ox_reset_102("both")} (any root). Afterwards a broadcast must reach every member with the root's new value,
 * so neither a half-sent message nor a stale one may survive the reset in a drained direction. Each member is reset
 * and drained on its own, as a master that resets members independently does, so one member's drain may meet
 * another that is still in the broadcast.
 */
final class Rfc102ResetCampaign {
    /** The figures of one run. */
    record Result(int size, int resets, int done, int interrupted, int failures, String firstFailure, long millis) {
    }

    private final int size;
    private final int resets;
    private final long seed;
    private final Placement placement;

    Rfc102ResetCampaign(int size, int resets, long seed, Placement placement) {
        this.size = size;
        this.resets = resets;
        this.seed = seed;
        this.placement = placement;
    }

    Result run() throws Exception {
        long t0 = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        // 3 MB: tens of milliseconds on the links, so the resets below land while it is in flight
        CmoZZ big = new CmoZZ(new BigInteger(24_000_000, new java.util.Random(seed)));
        long wait = DaemonProcess.ANSWER_TIMEOUT.toSeconds();
        int failures = 0;
        int done = 0;
        int interrupted = 0;
        String first = null;
        try (ServerGroup group = placement.launch(size)) {
            for (int i = 0; i < resets; i++) {
                done++;
                // SM_reset_102 drains only the low → high direction of each link, as ox_asir does: it is used with root 0,
                // whose tree sends only upwards; ox_reset_102("both") drains both directions and takes any root
                boolean both = i % 2 == 1;
                int root = both ? random.nextInt(size) : 0;
                List<CompletableFuture<Cmo>> inFlight = new ArrayList<>();
                for (int r = 0; r < size; r++) {
                    inFlight.add(group.member(r).callRawAsync("ox_bcast_102", CmoZZ.of(root), big));
                }
                CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(random.nextInt(30),
                        TimeUnit.MILLISECONDS)).join();
                try {
                    List<CompletableFuture<?>> resetting = new ArrayList<>();
                    for (int r = 0; r < size; r++) {
                        OxClient m = group.member(r);
                        resetting.add(m.resetAsync().thenCompose(v -> both
                                ? m.callRawAsync("ox_reset_102", CmoString.of("both")).thenApply(x -> (Void) null)
                                : m.executeAsync(SmCommand.RESET_102))
                                .thenCompose(v -> m.stackSizeAsync())
                                .thenCompose(n -> n > 0 ? m.popsAsync(n) : CompletableFuture.completedFuture(null)));
                    }
                    CompletableFuture.allOf(resetting.toArray(CompletableFuture[]::new)).get(wait, TimeUnit.SECONDS);
                    // the reset landed mid-broadcast when some member did not answer it with the root's value
                    if (inFlight.stream().anyMatch(f -> !answered(f, big))) {
                        interrupted++;
                    }
                    CmoZZ check = CmoZZ.of(1000 + i);
                    List<CompletableFuture<Cmo>> after = new ArrayList<>();
                    for (int r = 0; r < size; r++) {
                        after.add(group.member(r).callRawAsync("ox_bcast_102", CmoZZ.of(root), check));
                    }
                    for (int r = 0; r < size; r++) {
                        Cmo got = after.get(r).get(wait, TimeUnit.SECONDS);
                        if (!got.equals(check)) {
                            throw new IllegalStateException("rank " + r + " received " + got + " after the reset");
                        }
                    }
                } catch (Exception e) {
                    failures++;
                    first = first != null ? first : "reset " + i + " (" + (both ? "both directions" : "SM_reset_102")
                            + ", root " + root + "): " + e;
                    break; // the links are in an unknown state: later rounds would only repeat the failure
                }
            }
        }
        return new Result(size, resets, done, interrupted, failures, first, (System.nanoTime() - t0) / 1_000_000);
    }

    private static boolean answered(CompletableFuture<Cmo> f, Cmo expected) {
        return f.isDone() && !f.isCompletedExceptionally() && expected.equals(f.join());
    }
}
