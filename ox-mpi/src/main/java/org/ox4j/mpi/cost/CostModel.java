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
 * <p>Ranks that share cores ({@code cores} &gt; 0: the cores of the one host all ranks run on) pay twice:
 * {@link #forGroup} scales every per-byte cost by the ranks per core, and adds {@code wakeUp} per message and
 * extra rank per core to α, the time a receiver waits for a core before it can take its message (the scheduler
 * runs the other ranks first). A model with {@code cores = 0} has no contention (ranks on hosts of their own).
 *
 * @param kind          which formula
 * @param alpha         latency α in seconds
 * @param beta          seconds per byte β on the wire
 * @param gamma         seconds per byte of local reduction γ
 * @param packetPayload s, payload bytes per packet (packet model only)
 * @param packetHeader  h, header bytes per packet (packet model only)
 * @param messageByte   μ, seconds per byte a whole message costs beyond the wire
 * @param cores         cores shared by all ranks of the group, 0 if every rank has its own
 * @param wakeUp        σ, seconds a message waits per extra rank per core
 */
public record CostModel(Kind kind, double alpha, double beta, double gamma, int packetPayload, int packetHeader,
        double messageByte, int cores, double wakeUp) {
    /** The two model forms. */
    public enum Kind {
        HOCKNEY, PACKET
    }

    /** TCP/IPv4 over 1500-byte-MTU Ethernet with timestamps: 1448 payload bytes per packet. */
    public static final int TCP_PAYLOAD = 1448;
    /** 52 B TCP/IP + 38 B Ethernet framing. */
    public static final int TCP_HEADER = 90;

    /** An assumed loopback/LAN model used until a calibration is stored: α = 50 µs, 1 GB/s, γ = 1 ns/B. */
    public static final CostModel DEFAULT = hockney(50e-6, 1e-9, 1e-9);

    public CostModel {
        if (!(alpha >= 0) || !(beta >= 0) || !(gamma >= 0) || !(messageByte >= 0) || !(wakeUp >= 0) || cores < 0) {
            throw new IllegalArgumentException("alpha, beta, gamma, messageByte, cores, wakeUp: " + alpha + ", "
                    + beta + ", " + gamma + ", " + messageByte + ", " + cores + ", " + wakeUp + " (expected: >= 0)");
        }
        if (kind == Kind.PACKET && packetPayload <= 0) {
            throw new IllegalArgumentException("packetPayload: " + packetPayload + " (expected: > 0)");
        }
    }

    /** A model without host terms (μ = 0, no shared cores). */
    public CostModel(Kind kind, double alpha, double beta, double gamma, int packetPayload, int packetHeader) {
        this(kind, alpha, beta, gamma, packetPayload, packetHeader, 0, 0, 0);
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
     * The model as {@code p} ranks sharing {@link #cores} cores see it: with k = p / cores ranks per core (at least
     * 1), β, μ and γ times k and α plus σ·(k − 1); the result has no shared cores left to apply. Unchanged when
     * {@code cores} is 0.
     */
    public CostModel forGroup(int p) {
        if (cores == 0) {
            return this;
        }
        double k = Math.max(1.0, (double) p / cores);
        return new CostModel(kind, alpha + wakeUp * (k - 1), beta * k, gamma * k, packetPayload, packetHeader,
                messageByte * k, 0, 0);
    }

    /** One line naming the form and every term, as reports and logs print it. */
    public String describe() {
        return String.format(Locale.ROOT, "%s alpha=%.3e s beta=%.3e s/B gamma=%.3e s/B mu=%.3e s/B"
                + " cores=%d wakeUp=%.3e s", kind, alpha, beta, gamma, messageByte, cores, wakeUp);
    }

    /** The same model with another γ. */
    public CostModel withGamma(double g) {
        return new CostModel(kind, alpha, beta, g, packetPayload, packetHeader, messageByte, cores, wakeUp);
    }

    /** The same point-to-point terms with the host terms of {@code other} (μ, cores, σ). */
    public CostModel withHostTermsOf(CostModel other) {
        return new CostModel(kind, alpha, beta, gamma, packetPayload, packetHeader, other.messageByte, other.cores,
                other.wakeUp);
    }
}
