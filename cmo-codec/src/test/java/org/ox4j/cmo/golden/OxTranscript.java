package org.ox4j.cmo.golden;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.text.CmoDump;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.specs.GoldenVectors;

/**
 * A deliberately small, non-Netty reader of captured OX streams for tests: the handshake byte, then
 * messages {@code tag, serial, body} where the body is an int32 for OX_COMMAND, one CMO for OX_DATA and
 * nothing for OX_SYNC_BALL. It also renders a stream in the text format of the captures' decodings.
 */
final class OxTranscript {
    static final int OX_COMMAND = 513;
    static final int OX_DATA = 514;
    static final int OX_SYNC_BALL = 515;

    /** The SM names exactly as the capture decoder spelled them. */
    private static final Map<Integer, String> SM_NAMES = Map.ofEntries(
            Map.entry(262, "SM_popCMO"),
            Map.entry(263, "SM_popString"),
            Map.entry(264, "SM_mathcap"),
            Map.entry(268, "SM_executeStringByLocalParser"),
            Map.entry(269, "SM_executeFunction"),
            Map.entry(272, "SM_shutdown"),
            Map.entry(273, "SM_setMathCap"),
            Map.entry(278, "SM_set_rank_102(asir) / SM_executeFunctionAndPopCMO(smCommand.h)"),
            Map.entry(279, "SM_tcp_accept_102(asir) / SM_executeFunctionAndPopSerializedLocalObject(smCommand.h)"),
            Map.entry(280, "SM_tcp_connect_102"),
            Map.entry(281, "SM_reset_102"),
            Map.entry(282, "SM_bcast_102"),
            Map.entry(283, "SM_reduce_102"),
            Map.entry(1030, "SM_control_reset_connection"));

    private OxTranscript() {
    }

    /** One OX message of a capture; {@code cmo} is set for OX_DATA, {@code smCode} for OX_COMMAND. */
    record Frame(int offset, int length, int tag, int serial, int smCode, Cmo cmo) {
    }

    /** Parses every message after the handshake byte; fails if the stream does not end on a boundary. */
    static List<Frame> parse(byte[] bin, ByteOrder order, CmoLimits limits) {
        ByteBuffer buf = ByteBuffer.wrap(bin);
        buf.position(1);
        ByteBufferSource src = new ByteBufferSource(buf, order);
        List<Frame> frames = new ArrayList<>();
        while (src.remaining() > 0) {
            int start = src.position();
            int tag = src.readInt();
            int serial = src.readInt();
            int sm = 0;
            Cmo cmo = null;
            switch (tag) {
                case OX_COMMAND -> sm = src.readInt();
                case OX_DATA -> cmo = CmoReader.read(src, limits);
                case OX_SYNC_BALL -> {
                }
                default -> throw new IllegalStateException("unexpected OX tag " + tag + " at offset " + start);
            }
            frames.add(new Frame(start, src.position() - start, tag, serial, sm, cmo));
        }
        return frames;
    }

    /** Re-encodes the handshake byte and every frame with {@link CmoWriter}. */
    static byte[] encode(byte handshake, List<Frame> frames, ByteOrder order) {
        GrowableByteSink sink = new GrowableByteSink(order);
        sink.writeBytes(new byte[] {handshake}, 0, 1);
        for (Frame f : frames) {
            sink.writeInt(f.tag());
            sink.writeInt(f.serial());
            if (f.tag() == OX_COMMAND) {
                sink.writeInt(f.smCode());
            } else if (f.tag() == OX_DATA) {
                CmoWriter.write(f.cmo(), sink);
            }
        }
        return sink.toByteArray();
    }

    /** The decoding of {@code stream} in the captures' text format, one entry per line. */
    static List<String> render(GoldenVectors.Stream stream, int totalBytes, List<Frame> frames) {
        List<String> lines = new ArrayList<>();
        lines.add("# " + stream.connection() + ", direction " + stream.from() + "_to_" + stream.to() + " ("
                + totalBytes + " bytes)");
        lines.add("@000000 byte-order byte " + hexByte(stream.ownOrderByte()) + " (" + orderName(stream.ownOrderByte())
                + ")");
        lines.add("        peer sent " + hexByte(stream.peerOrderByte()) + " -> integers on this stream are "
                + (stream.byteOrder() == ByteOrder.LITTLE_ENDIAN ? "LITTLE endian" : "BIG endian (network byte order)"));
        for (Frame f : frames) {
            String at = String.format("@%06d ", f.offset());
            switch (f.tag()) {
                case OX_COMMAND -> lines.add(at + "OX_COMMAND serial=" + f.serial() + " "
                        + SM_NAMES.getOrDefault(f.smCode(), "SM_unknown") + " (" + f.smCode() + ")");
                case OX_SYNC_BALL -> lines.add(at + "OX_SYNC_BALL serial=" + f.serial());
                default -> {
                    lines.add(at + "OX_DATA serial=" + f.serial() + " (" + f.length() + " bytes)");
                    lines.addAll(CmoDump.lines(f.cmo(), 4));
                }
            }
        }
        lines.add(String.format("@%06d end of stream (%d OX messages)", totalBytes, frames.size()));
        return lines;
    }

    private static String hexByte(byte b) {
        return String.format("0x%02x", b & 0xff);
    }

    private static String orderName(byte b) {
        return switch (b & 0xff) {
            case 0x00 -> "NETWORK_BYTE_ORDER";
            case 0x01 -> "LITTLE_ENDIAN";
            case 0xff -> "BIG_ENDIAN";
            default -> "INVALID";
        };
    }
}
