package org.ox4j.mpi.cost;

/**
 * Time to move one message of {@code m} bytes between two ranks, plus a per-byte reduction cost γ.
 *
 * <ul>
 *   <li>Hockney: T(m) = α + β·m.</li>
 *   <li>Packet model with header overhead ("model B", messaging.md §2.5): T(m) = α + β·(m + h·⌈m/s⌉) for packets
 *       of at most {@code s} payload bytes each carrying {@code h} header bytes.</li>
 * </ul>
 * Collective cost formulas are written with {@link #pointToPoint(double)} in place of α + mβ, so the same
 * formula serves both models.
 *
 * @param kind          which formula
 * @param alpha         latency α in seconds
 * @param beta          seconds per byte β
 * @param gamma         seconds per byte of local reduction γ
 * @param packetPayload s, payload bytes per packet (packet model only)
 * @param packetHeader  h, header bytes per packet (packet model only)
 */
public record CostModel(Kind kind, double alpha, double beta, double gamma, int packetPayload, int packetHeader) {
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
        if (!(alpha >= 0) || !(beta >= 0) || !(gamma >= 0)) {
            throw new IllegalArgumentException("alpha, beta, gamma: " + alpha + ", " + beta + ", " + gamma
                    + " (expected: >= 0)");
        }
        if (kind == Kind.PACKET && packetPayload <= 0) {
            throw new IllegalArgumentException("packetPayload: " + packetPayload + " (expected: > 0)");
        }
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

    /** Predicted time of one message of {@code m} bytes. */
    public double pointToPoint(double m) {
        return alpha + beta * wireBytes(m);
    }

    /** Predicted local reduction time of {@code m} bytes. */
    public double reduce(double m) {
        return gamma * Math.max(m, 0);
    }

    /** The same model with another γ. */
    public CostModel withGamma(double g) {
        return new CostModel(kind, alpha, beta, g, packetPayload, packetHeader);
    }
}
