package org.ox4j.benchmarks.soak;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ox4j.cmo.CmoType;
import org.ox4j.protocol.SmCommand;
import org.ox4j.specs.GoldenVectors;

/**
 * Hostile byte strings for a data or control channel after the opening, little-endian as negotiated: mutations of
 * the captured master-to-server streams of the golden vectors, CMO trees with absurd lengths, depths and tags,
 * truncations of captured streams at every offset (in turn), well-framed commands with arbitrary codes and
 * arguments, and random bytes. Deterministic for a seed.
 */
final class HostileFrames {
    /** The kinds, in the order {@link #next} cycles through them. */
    enum Kind { MUTATED_CAPTURE, ABSURD_TREE, TRUNCATED_CAPTURE, ARBITRARY_COMMAND, RANDOM_BYTES }

    private static final int OX_COMMAND = 513;
    private static final int OX_DATA = 514;

    private final SplittableRandom random;
    private final List<byte[]> captures = new ArrayList<>();
    private long truncations;

    HostileFrames(long seed) {
        random = new SplittableRandom(seed);
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            byte[] all = GoldenVectors.bytes(s.folder(), s.binFile());
            if (all.length > 1 && s.byteOrder() == ByteOrder.LITTLE_ENDIAN) {
                byte[] frames = new byte[all.length - 1];
                System.arraycopy(all, 1, frames, 0, frames.length);
                captures.add(frames);
            }
        }
        if (captures.isEmpty()) {
            throw new IllegalStateException("no little-endian captures among the golden vectors");
        }
    }

    /** Kind of well-framed frame {@code index} ({@link #nextWellFramed}). */
    static SessionKind sessionKindOf(long index) {
        return SessionKind.values()[(int) (index % SessionKind.values().length)];
    }

    /** Kind of frame {@code index}. */
    static Kind kindOf(long index) {
        return Kind.values()[(int) (index % Kind.values().length)];
    }

    /** The bytes of frame {@code index}. */
    byte[] next(long index) {
        return switch (kindOf(index)) {
            case MUTATED_CAPTURE -> mutate(capture());
            case ABSURD_TREE -> absurdTree();
            case TRUNCATED_CAPTURE -> truncated();
            case ARBITRARY_COMMAND -> arbitraryCommand();
            case RANDOM_BYTES -> randomBytes(1 + random.nextInt(4096));
        };
    }

    private byte[] capture() {
        return captures.get(random.nextInt(captures.size()));
    }

    private byte[] mutate(byte[] original) {
        byte[] b = original.clone();
        int edits = 1 + random.nextInt(8);
        for (int i = 0; i < edits && b.length > 0; i++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0 -> b[at] = (byte) random.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << random.nextInt(8));
                case 2 -> b = splice(b, at, new byte[] {(byte) random.nextInt(256)}, 0);
                default -> b = splice(b, at, new byte[0], 1);
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int at, byte[] insert, int delete) {
        int del = Math.min(delete, b.length - at);
        byte[] out = new byte[b.length - del + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + del, out, at + insert.length, b.length - at - del);
        return out;
    }

    /** The captures cut in turn at every offset: capture k at offsets 1, 2, ..., length − 1, then capture k + 1. */
    private byte[] truncated() {
        long t = truncations++;
        int k = 0;
        while (true) {
            byte[] c = captures.get(k % captures.size());
            if (c.length > 1 && t < c.length - 1) {
                byte[] out = new byte[(int) t + 1];
                System.arraycopy(c, 0, out, 0, out.length);
                return out;
            }
            t -= Math.max(0, c.length - 1);
            k++;
            if (k >= captures.size()) {
                truncations = 0;
                t = 0;
                k = 0;
            }
        }
    }

    private byte[] absurdTree() {
        ByteBuffer b = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(OX_DATA).putInt(random.nextInt());
        switch (random.nextInt(8)) {
            case 0 -> b.putInt(CmoType.LIST.code()).putInt(Integer.MAX_VALUE - random.nextInt(16)).putInt(
                    CmoType.NULL.code());
            case 1 -> b.putInt(CmoType.STRING.code()).putInt(Integer.MAX_VALUE - random.nextInt(16)).put(
                    (byte) 'a');
            case 2 -> b.putInt(CmoType.ZZ.code()).putInt(random.nextBoolean() ? Integer.MAX_VALUE
                    : Integer.MIN_VALUE + 1).putInt(7);
            case 3 -> b.putInt(CmoType.LIST.code()).putInt(-1 - random.nextInt(1000));
            case 4 -> {
                // nested one-element lists, deeper than any limit, ending in an integer
                int depth = 1000 + random.nextInt(100_000);
                for (int i = 0; i < depth && b.remaining() > 16; i++) {
                    b.putInt(CmoType.LIST.code()).putInt(1);
                }
                b.putInt(CmoType.INT32.code()).putInt(1);
            }
            case 5 -> b.putInt(random.nextInt()).putInt(random.nextInt()).putInt(random.nextInt());
            case 6 -> b.putInt(CmoType.DISTRIBUTED_POLYNOMIAL.code()).putInt(Integer.MAX_VALUE).putInt(
                    CmoType.DMS_GENERIC.code());
            default -> b.putInt(CmoType.RECURSIVE_POLYNOMIAL.code()).putInt(CmoType.LIST.code()).putInt(0)
                    .putInt(CmoType.POLYNOMIAL_IN_ONE_VARIABLE.code()).putInt(1).putInt(random.nextInt())
                    .putInt(random.nextInt(64)).putInt(CmoType.INT32.code()).putInt(1);
        }
        return written(b);
    }

    /**
     * Kinds of frame that are well framed and hostile only in content, in the order {@link #nextWellFramed} cycles
     * through them: a session must answer them (an error is an answer) and go on, so one server can take any number.
     */
    enum SessionKind { ARBITRARY_COMMAND, TOO_DEEP, MUTATED_STATEMENT, ODD_ARGUMENTS }

    /**
     * Commands that wait, or end the session, by design: SM_shutdown ends it; SM_tcp_accept_102 and
     * SM_tcp_connect_102 wait (up to the RFC-102 timeout) for a peer that a fuzzer never provides.
     */
    private static final java.util.Set<Integer> WAITING_OR_ENDING = java.util.Set.of(SmCommand.SHUTDOWN.code(),
            SmCommand.TCP_ACCEPT_102.code(), SmCommand.TCP_CONNECT_102.code());

    /** Statements without loops (a mutation must not make an endless one), mutated a few characters at a time. */
    private static final List<String> STATEMENTS = List.of("fctr(x^4-1);", "igcd(84,36);", "[1,2,[3,4]][2][1];",
            "deg((x+y)^3,x);", "coef(3*x^2*y+1,2,x);", "subst(x^2+y,x,y+1);", "diff(x^3*y,x);", "\"abc\"+\"d\";",
            "sub_str(\"hello\",1,3);", "str_len(\"ox4j\");", "isqrt(10^20);", "idiv(17,5);", "irem(-17,5);",
            "A=3;B=A*A;B-1;", "def f(X){return X+1;}", "f(41);", "1.5*2;", "(x+1)/(x-1);", "nd_gr([x^2+y^2-1,x-y],"
            + "[x,y],0,0);", "p_nf(x^3,[x^2-1],[x],0);", "X=[1,2,3];X[1]=7;X;", "Y=(1<2)?3:4;", "vars(x*y+z);",
            "strtoascii(\"ab\");", "asciitostr([65,66]);", "type(1/2);", "nm(3/4);", "tdiv(x^2-1,x-1);", "-(-(-1));",
            "length([]);");
    /** Builtins called with odd arguments (none that may run long on small arguments). */
    private static final List<String> FUNCTIONS = List.of("igcd", "idiv", "irem", "isqrt", "deg", "coef", "length",
            "type", "str_len", "sub_str", "strtoascii", "asciitostr", "nm", "dn", "inv", "vars", "var", "nmono",
            "diff", "subst", "tdiv", "ptozp", "red", "dp_ptod", "dp_dtop", "sp", "p_nf", "no_such_function");

    /**
     * The bytes of well-framed frame {@code index}, each ending in SM_popCMO or a command that answers: values and
     * commands with arbitrary codes (all but {@link #WAITING_OR_ENDING}), a list nested deeper than any limit,
     * a mutated statement for the local parser, builtins called with odd values.
     */
    byte[] nextWellFramed(long index) {
        return switch (sessionKindOf(index)) {
            case ARBITRARY_COMMAND -> arbitraryCommand(true);
            case TOO_DEEP -> tooDeep();
            case MUTATED_STATEMENT -> mutatedStatement();
            case ODD_ARGUMENTS -> oddArguments();
        };
    }

    private byte[] tooDeep() {
        int depth = 10_001 + random.nextInt(20_000);
        ByteBuffer b = ByteBuffer.allocate(32 + 8 * depth).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(OX_DATA).putInt(1);
        for (int i = 0; i < depth; i++) {
            b.putInt(CmoType.LIST.code()).putInt(1);
        }
        b.putInt(CmoType.INT32.code()).putInt(1);
        b.putInt(OX_COMMAND).putInt(2).putInt(SmCommand.POP_CMO.code());
        return written(b);
    }

    private byte[] mutatedStatement() {
        byte[] text = STATEMENTS.get(random.nextInt(STATEMENTS.size())).getBytes(
                java.nio.charset.StandardCharsets.US_ASCII);
        int edits = random.nextInt(5);
        for (int i = 0; i < edits; i++) {
            int at = random.nextInt(text.length);
            switch (random.nextInt(3)) {
                case 0 -> text[at] = (byte) (32 + random.nextInt(95));
                case 1 -> text = splice(text, at, new byte[] {(byte) (32 + random.nextInt(95))}, 0);
                default -> text = splice(text, at, new byte[0], 1);
            }
            if (text.length == 0) {
                text = new byte[] {';'};
            }
        }
        ByteBuffer b = ByteBuffer.allocate(64 + text.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(OX_DATA).putInt(1).putInt(CmoType.STRING.code()).putInt(text.length).put(text);
        b.putInt(OX_COMMAND).putInt(2).putInt(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER.code());
        b.putInt(OX_COMMAND).putInt(3).putInt(SmCommand.POP_CMO.code());
        return written(b);
    }

    /** Arguments of every kind and odd size, a builtin's name and an argument count that may not match. */
    private byte[] oddArguments() {
        ByteBuffer b = ByteBuffer.allocate(64 * 1024).order(ByteOrder.LITTLE_ENDIAN);
        int args = random.nextInt(4);
        for (int i = 0; i < args; i++) {
            b.putInt(OX_DATA).putInt(i);
            oddValue(b, 2);
        }
        String f = FUNCTIONS.get(random.nextInt(FUNCTIONS.size()));
        b.putInt(OX_DATA).putInt(args).putInt(CmoType.STRING.code()).putInt(f.length()).put(
                f.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        int count = random.nextInt(5) == 0 ? random.nextInt() : args;
        b.putInt(OX_DATA).putInt(args + 1).putInt(CmoType.INT32.code()).putInt(count);
        b.putInt(OX_COMMAND).putInt(args + 2).putInt(SmCommand.EXECUTE_FUNCTION.code());
        b.putInt(OX_COMMAND).putInt(args + 3).putInt((random.nextBoolean() ? SmCommand.POP_CMO
                : SmCommand.POP_STRING).code());
        return written(b);
    }

    /** What was put into {@code b}. */
    private static byte[] written(ByteBuffer b) {
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    /** One well-formed value: extreme integers, bignums up to 64 words, strings of any bytes, small lists of these. */
    private void oddValue(ByteBuffer b, int depth) {
        switch (random.nextInt(depth > 0 ? 6 : 5)) {
            case 0 -> b.putInt(CmoType.INT32.code()).putInt(switch (random.nextInt(4)) {
                case 0 -> Integer.MIN_VALUE;
                case 1 -> Integer.MAX_VALUE;
                case 2 -> 0;
                default -> random.nextInt();
            });
            case 1 -> {
                int words = random.nextInt(65);
                b.putInt(CmoType.ZZ.code()).putInt(random.nextBoolean() ? words : -words);
                for (int i = 0; i < words; i++) {
                    b.putInt(i == words - 1 ? 1 + random.nextInt(Integer.MAX_VALUE) : random.nextInt());
                }
            }
            case 2 -> {
                byte[] s = randomBytes(random.nextInt(200));
                b.putInt(CmoType.STRING.code()).putInt(s.length).put(s);
            }
            case 3 -> b.putInt(CmoType.NULL.code());
            case 4 -> b.putInt(CmoType.ZERO.code());
            default -> {
                int n = random.nextInt(4);
                b.putInt(CmoType.LIST.code()).putInt(n);
                for (int i = 0; i < n; i++) {
                    oddValue(b, depth - 1);
                }
            }
        }
    }

    /** A few small values and a command with an arbitrary code, well framed: the machine must answer or ignore it. */
    private byte[] arbitraryCommand() {
        return arbitraryCommand(false);
    }

    private byte[] arbitraryCommand(boolean onlyAnswering) {
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        int values = random.nextInt(4);
        for (int i = 0; i < values; i++) {
            b.putInt(OX_DATA).putInt(i);
            switch (random.nextInt(3)) {
                case 0 -> b.putInt(CmoType.INT32.code()).putInt(random.nextInt());
                case 1 -> {
                    String s = random.nextBoolean() ? "igcd" : "x^" + random.nextInt(100) + "+1;";
                    b.putInt(CmoType.STRING.code()).putInt(s.length()).put(s.getBytes(
                            java.nio.charset.StandardCharsets.US_ASCII));
                }
                default -> b.putInt(CmoType.NULL.code());
            }
        }
        int code = random.nextBoolean() ? 256 + random.nextInt(64) : random.nextInt();
        while (onlyAnswering && WAITING_OR_ENDING.contains(code)) {
            code = 256 + random.nextInt(64);
        }
        b.putInt(OX_COMMAND).putInt(values).putInt(code);
        b.putInt(OX_COMMAND).putInt(values + 1).putInt(SmCommand.POP_CMO.code()); // something to answer
        return written(b);
    }

    byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }
}
