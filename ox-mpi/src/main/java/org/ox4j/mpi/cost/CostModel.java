package org.ox4j.mpi.cost;

import java.util.Locale;

/**
 * Time to move one message of {@code m} bytes between two ranks, plus a per-byte reduction cost γ, plus what a
 * host adds when its ranks share cores.
 *
 * <ul>
 *   <li>Hockney: T(m) = α + (β + μ)·m.</li>
 *   <li>Packet model with header overhead ("model B", messaging.md §2.5): T(m) = α + (β + μ)·(m + h·⌈m/s⌉) for
 *       packets of at most {@code s} payload bytes each carrying {@code h} header bytes.</li>
 * </ul>
 * β is the wire's time per byte, which a stream pays as its chunks pass ({@link #streamed}); μ is what a whole
 * message costs per byte on top of it ({@link #transfer}: a buffer of its own at the receiver, filled and
 * handed over), which the ping-pong calibration cannot tell apart from β and a refit against collectives can
 * (ModelRefit). Collective cost formulas are written with these in place of α + mβ, so the same formula serves
 * both models.
 *
 * <p>Ranks that share cores ({@code cores} &gt; 0: the cores of the one host all ranks run on) cannot all run at
 * once: {@link #onSharedCores} bounds a collective's time by its whole work divided by the cores, with σ per
 * message (the sender's and receiver's processing and the wake of a rank that waits), as well as by its critical
 * path. A model with {@code cores = 0} has no contention (ranks on hosts of their own). Streams cost σ_s to open
 * ({@code streamOpen}: the handshake and the reader thread that takes the stream on), which is what keeps them from
 * paying below a few hundred kilobytes.
 *
 * @param kind          which formula
 * @param alpha         latency α in seconds
 * @param beta          seconds per byte β on the wire
 * @param gamma         seconds per byte of local reduction γ
 * @param packetPayload s, payload bytes per packet (packet model only)
 * @param packetHeader  h, header bytes per packet (packet model only)
 * @param messageByte   μ, seconds per byte a whole message costs beyond the wire
 * @param cores         cores shared by all ranks of the group, 0 if every rank has its own
 * @param wakeUp        σ, seconds of a shared core one message costs (sent, taken, its receiver woken)
 * @param streamOpen    σ_s, seconds it takes to open a stream
 */
public record CostModel(Kind kind, double alpha, double beta, double gamma, int packetPayload, int packetHeader,
        double messageByte, int cores, double wakeUp, double streamOpen) {
    /** The two model forms. */
    public enum Kind {
        HOCKNEY, PACKET
    }

    /** TCP/IPv4 over 1500-byte-MTU Ethernet with timestamps: 1448 payload bytes per packet. */
    public static final int TCP_PAYLOAD = 1448;
    /** 52 B TCP/IP + 38 B Ethernet framing. */
    public static final int TCP_HEADER = 90;

    /**
     * σ assumed for ranks sharing cores until a refit measures it: what a refit found on a 2-core VM with up to eight
     * ranks (benchmarks/results/cost-model-2026-12-04-traffic.properties).
     */
    public static final double ASSUMED_WAKE_UP = 75e-6;
    /** σ_s assumed until a refit measures it (the same refit). */
    public static final double ASSUMED_STREAM_OPEN = 175e-6;
    /**
     * μ assumed until a refit measures it: between what refits to one and to three runs of that VM found (0.75–3.2
     * × 10⁻¹⁰ s/B), where the picks of a calibrated model on nine runs have their plateau (0.5–3 × 10⁻¹⁰).
     */
    public static final double ASSUMED_MESSAGE_BYTE = 1.5e-10;

    /** An assumed loopback/LAN model used until a calibration is stored: α = 50 µs, 1 GB/s, γ = 1 ns/B. */
    public static final CostModel DEFAULT = hockney(50e-6, 1e-9, 1e-9);

    public CostModel {
        if (!(alpha >= 0) || !(beta >= 0) || !(gamma >= 0) || !(messageByte >= 0) || !(wakeUp >= 0) || cores < 0
                || !(streamOpen >= 0)) {
            throw new IllegalArgumentException("alpha, beta, gamma, messageByte, cores, wakeUp, streamOpen: " + alpha
                    + ", " + beta + ", " + gamma + ", " + messageByte + ", " + cores + ", " + wakeUp + ", "
                    + streamOpen + " (expected: >= 0)");
        }
        if (kind == Kind.PACKET && packetPayload <= 0) {
            throw new IllegalArgumentException("packetPayload: " + packetPayload + " (expected: > 0)");
        }
    }

    /** A model without host terms (μ = 0, no shared cores). */
    public CostModel(Kind kind, double alpha, double beta, double gamma, int packetPayload, int packetHeader) {
        this(kind, alpha, beta, gamma, packetPayload, packetHeader, 0, 0, 0, 0);
    }

    public static CostModel hockney(double alpha, double beta, double gamma) {
        return new CostModel(Kind.HOCKNEY, alpha, beta, gamma, 0, 0);
    }

    public static CostModel packet(double alpha, double beta, double gamma, int payload, int header) {
        return new CostModel(Kind.PACKET, alpha, beta, gamma, payload, header);
    }

    /** Bytes the β term is charged for: m, or m plus headers in the packet model. */
    public double wireBytes(double m) {
        if (kind == Kind.HOCKNEY || m <= 0) {
            return Math.max(m, 0);
        }
        return m + packetHeader * Math.ceil(m / packetPayload);
    }

    /** Predicted time of one message of {@code m} bytes: α + {@link #transfer}(m). */
    public double pointToPoint(double m) {
        return alpha + transfer(m);
    }

    /** The bytes of one whole message of {@code m} bytes: (β + μ) per wire byte. */
    public double transfer(double m) {
        return (beta + messageByte) * wireBytes(m);
    }

    /** {@code m} bytes passing through a stream's chunks: β per wire byte. */
    public double streamed(double m) {
        return beta * wireBytes(m);
    }

    /** Predicted local reduction time of {@code m} bytes. */
    public double reduce(double m) {
        return gamma * Math.max(m, 0);
    }

    /**
     * The time of a collective whose critical path takes {@code criticalPath} and whose ranks together send
     * {@code messages} messages (of which {@code streams} open a stream) carrying {@code bytes} bytes and reduce
     * {@code reducedBytes} bytes, on {@code p} ranks of this host. Opening streams adds σ_s once to the path (the
     * streams of one collective open side by side). Where the ranks outnumber the {@link #cores} they share, the
     * whole group's work — σ per message, (β + μ) per byte, γ per reduced byte, σ_s per stream — has to fit on those
     * cores, and the time is the longer of the path and that work divided by the cores: a tree's short path does not
     * help when its many messages queue for two cores, which is why the linear algorithms win small messages on eight
     * ranks sharing two cores. With ranks on cores of their own ({@code cores} = 0 or p ≤ cores) the path alone.
     */
    public double onSharedCores(double criticalPath, int p, double messages, double bytes, double reducedBytes,
            double streams) {
        double path = criticalPath + (streams > 0 ? streamOpen : 0);
        if (cores == 0 || p <= cores) {
            return path;
        }
        double work = messages * wakeUp + transfer(bytes) + reduce(reducedBytes) + streams * streamOpen;
        return Math.max(path, work / cores);
    }

    /** One line naming the form and every term, as reports and logs print it. */
    public String describe() {
        return String.format(Locale.ROOT, "%s alpha=%.3e s beta=%.3e s/B gamma=%.3e s/B mu=%.3e s/B"
                + " cores=%d wakeUp=%.3e s streamOpen=%.3e s", kind, alpha, beta, gamma, messageByte, cores, wakeUp,
                streamOpen);
    }

    /**
     * The same model for ranks that share {@code hostCores} cores, its host terms μ, σ and σ_s where it has none yet
     * the assumed ones ({@link #ASSUMED_MESSAGE_BYTE}, {@link #ASSUMED_WAKE_UP}, {@link #ASSUMED_STREAM_OPEN}): a
     * ping-pong calibration cannot see them, and without them a model of ranks on two cores picks as if messages and
     * streams cost those cores nothing.
     */
    public CostModel sharingCores(int hostCores) {
        return new CostModel(kind, alpha, beta, gamma, packetPayload, packetHeader,
                messageByte > 0 ? messageByte : ASSUMED_MESSAGE_BYTE, hostCores, wakeUp > 0 ? wakeUp : ASSUMED_WAKE_UP,
                streamOpen > 0 ? streamOpen : ASSUMED_STREAM_OPEN);
    }

    /** The same model with another γ. */
    public CostModel withGamma(double g) {
        return new CostModel(kind, alpha, beta, g, packetPayload, packetHeader, messageByte, cores, wakeUp, streamOpen);
    }

    /** The same point-to-point terms with the host terms of {@code other} (μ, cores, σ, σ_s). */
    public CostModel withHostTermsOf(CostModel other) {
        return new CostModel(kind, alpha, beta, gamma, packetPayload, packetHeader, other.messageByte, other.cores,
                other.wakeUp, other.streamOpen);
    }
}
