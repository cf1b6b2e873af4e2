package org.ox4j.protocol.codec;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ox4j.specs.GoldenVectors;

/**
 * One direction of one connection from the captured Asir sessions (the specs module's golden vectors): the raw
 * bytes and what the independent capture decoder ({@code *.decoded.txt}) found in them.
 */
record CapturedVector(String name, byte[] bytes, ByteOrder order, List<Frame> frames, int endOffset) {

    /** One OX message as listed in the decoded text: where it starts, its tag name, serial and command code. */
    record Frame(int offset, String tagName, int serial, int commandCode) {
    }

    private static final Pattern FRAME = Pattern.compile(
            "^@(\\d+) (OX_COMMAND|OX_DATA|OX_SYNC_BALL) serial=(\\d+)(?:.*\\((\\d+)\\))?.*$");
    private static final Pattern END = Pattern.compile("^@(\\d+) end of stream.*$");
    private static final Pattern ORDER = Pattern.compile("integers on this stream are (LITTLE|BIG) endian");

    /** The OX messages after the one-byte handshake. */
    byte[] messageBytes() {
        return Arrays.copyOfRange(bytes, 1, bytes.length);
    }

    @Override
    public String toString() {
        return name;
    }

    static List<CapturedVector> all() {
        List<CapturedVector> out = new ArrayList<>();
        for (String folder : GoldenVectors.folders()) {
            for (String bin : GoldenVectors.binFiles(folder)) {
                out.add(load(folder + "/" + bin));
            }
        }
        return out;
    }

    static CapturedVector load(String binName) {
        byte[] bytes = GoldenVectors.bytes(binName);
        String decoded = GoldenVectors.text(binName.replace(".bin", ".decoded.txt"));
        ByteOrder order = null;
        List<Frame> frames = new ArrayList<>();
        int end = -1;
        for (String line : decoded.split("\n")) {
            Matcher o = ORDER.matcher(line);
            if (o.find()) {
                order = o.group(1).equals("LITTLE") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            }
            Matcher f = FRAME.matcher(line);
            if (f.matches()) {
                boolean command = f.group(2).equals("OX_COMMAND");
                frames.add(new Frame(Integer.parseInt(f.group(1)), f.group(2), Integer.parseUnsignedInt(f.group(3)),
                        command ? Integer.parseInt(f.group(4)) : -1));
            }
            Matcher e = END.matcher(line);
            if (e.matches()) {
                end = Integer.parseInt(e.group(1));
            }
        }
        if (order == null || end != bytes.length) {
            throw new IllegalStateException(binName + ": unreadable decoded text (order " + order + ", end " + end
                    + ", " + bytes.length + " bytes)");
        }
        return new CapturedVector(binName, bytes, order, List.copyOf(frames), end);
    }
}
