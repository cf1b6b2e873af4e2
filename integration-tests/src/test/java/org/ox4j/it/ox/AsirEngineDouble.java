package org.ox4j.it.ox;

import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.channels.Channel;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.text.AsirNotation;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.specs.GoldenVectors;

/**
 * An engine that answers as ox_asir does where a master can tell the difference, for the commands the tests use;
 * started under {@link OxLauncherDouble} with the data connection on fd 3 (moved to fd 0 by its wrapper script, as
 * {@code bin/ox-server} does). Taken from the captures of real ox_asir sessions and the wire spec:
 * <ul>
 *   <li>byte-order byte 0x01 (x86), so a little-endian session;</li>
 *   <li>ox_asir's own mathcap, byte for byte from the capture {@code d_mathcap} (it lacks CMO 51, the double);</li>
 *   <li>{@code SM_executeStringByLocalParser} evaluates only the <em>first</em> statement of its string; here the
 *       statements are integer arithmetic ({@code + - * ^}, parentheses) and assignments to global variables;</li>
 *   <li>every zero goes out as CMO_NULL; integers as CMO_ZZ;</li>
 *   <li>errors are ox_asir's four-element CMO_ERROR2 {@code [serial, -1, message, []]}, e.g.
 *       {@code "executeFunction : the function F not found"};</li>
 *   <li>{@code SM_executeFunction} knows {@code igcd}; {@code SM_popString} prints in Asir notation.</li>
 * </ul>
 */
public final class AsirEngineDouble {
    private final Deque<Cmo> stack = new ArrayDeque<>();
    private final Map<String, BigInteger> globals = new HashMap<>();
    private final List<Cmo> errors = new ArrayList<>();
    private final OxMessageWriter out;
    private int serial;

    private AsirEngineDouble(OxMessageWriter out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Channel inherited = System.inheritedChannel();
        if (!(inherited instanceof SocketChannel ch)) {
            System.err.println("AsirEngineDouble: no inherited socket on fd 0 (" + inherited + ")");
            System.exit(2);
            return;
        }
        ChannelByteSource in = new ChannelByteSource(ch);
        OxMessageWriter out = new OxMessageWriter(ch);
        BlockingHandshake.exchange(HandshakeRole.SERVER, (byte) 1, in, out);
        OxMessageReader reader = new OxMessageReader(in, CmoLimits.DEFAULT);
        reader.order(out.order());
        new AsirEngineDouble(out).serve(reader);
    }

    private void serve(OxMessageReader reader) {
        while (true) {
            OxMessage m;
            try {
                m = reader.read(false).message();
            } catch (UncheckedIOException e) {
                return;
            }
            if (m instanceof OxData d) {
                stack.push(d.cmo());
            } else if (m instanceof OxCommand c) {
                serial = c.serial();
                if (c.code() == SmCommand.SHUTDOWN.code()) {
                    return;
                }
                try {
                    execute(c.code());
                } catch (RuntimeException e) {
                    pushError(e.getMessage());
                }
            }
        }
    }

    private void execute(int code) {
        if (code == SmCommand.POP_CMO.code()) {
            send(outgoing(stack.isEmpty() ? CmoNull.INSTANCE : stack.pop()));
        } else if (code == SmCommand.POP_STRING.code()) {
            send(CmoString.of(AsirNotation.readable(outgoing(stack.isEmpty() ? CmoNull.INSTANCE : stack.pop()))));
        } else if (code == SmCommand.MATHCAP.code()) {
            stack.push(asirMathcap());
        } else if (code == SmCommand.SET_MATHCAP.code()) {
            stack.pop();
        } else if (code == SmCommand.POPS.code()) {
            int n = integer(stack.pop()).intValueExact();
            for (int i = 0; i < n && !stack.isEmpty(); i++) {
                stack.pop();
            }
        } else if (code == SmCommand.GETSP.code()) {
            stack.push(CmoZZ.of(stack.size()));
        } else if (code == SmCommand.DUP_ERRORS.code()) {
            stack.push(new CmoList(List.copyOf(errors)));
        } else if (code == SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER.code()) {
            String program = ((CmoString) stack.pop()).value();
            stack.push(outgoing(new CmoZZ(new FirstStatement(program, globals).evaluate())));
        } else if (code == SmCommand.EXECUTE_FUNCTION.code()) {
            executeFunction();
        } else {
            throw new IllegalStateException("unknown SM code " + code);
        }
    }

    private void executeFunction() {
        String name = ((CmoString) stack.pop()).value();
        int argc = integer(stack.pop()).intValueExact();
        List<Cmo> args = new ArrayList<>();
        for (int i = 0; i < argc; i++) {
            args.add(stack.pop());
        }
        if (!name.equals("igcd")) {
            throw new IllegalStateException("executeFunction : the function " + name + " not found");
        }
        stack.push(outgoing(new CmoZZ(integer(args.get(0)).gcd(integer(args.get(1))))));
    }

    private void pushError(String message) {
        CmoError2 e = new CmoError2(CmoList.of(new CmoInt32(serial), new CmoInt32(-1),
                CmoString.of(message == null ? "internal error" : message), CmoList.EMPTY));
        errors.add(e);
        stack.push(e);
    }

    private void send(Cmo c) {
        out.send(new OxData(++serial, c));
    }

    /** ox_asir sends every zero as CMO_NULL. */
    private static Cmo outgoing(Cmo c) {
        if (c instanceof CmoZero || c instanceof CmoZZ z && z.value().signum() == 0
                || c instanceof CmoInt32 i && i.value() == 0) {
            return CmoNull.INSTANCE;
        }
        return c;
    }

    private static BigInteger integer(Cmo c) {
        if (c instanceof CmoZZ z) {
            return z.value();
        }
        if (c instanceof CmoInt32 i) {
            return BigInteger.valueOf(i.value());
        }
        if (c instanceof CmoNull || c instanceof CmoZero) {
            return BigInteger.ZERO;
        }
        throw new IllegalArgumentException(" : invalid argument");
    }

    /** The first reply of the captured mathcap session is ox_asir's mathcap. */
    private static CmoMathcap asirMathcap() {
        GoldenVectors.Stream s = GoldenVectors.stream("d_mathcap", "server0-data.server0_to_master.bin");
        byte[] b = s.bytes();
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(
                new ByteArrayInputStream(Arrays.copyOfRange(b, 1, b.length))));
        in.order(s.byteOrder());
        return (CmoMathcap) ((OxData) new OxMessageReader(in, CmoLimits.DEFAULT).read(false).message()).cmo();
    }

    /** The first statement of a string, as ox_asir's local parser takes it: integer arithmetic and assignments. */
    static final class FirstStatement {
        private final String s;
        private final Map<String, BigInteger> globals;
        private int pos;

        FirstStatement(String program, Map<String, BigInteger> globals) {
            int end = program.length();
            for (int i = 0; i < program.length(); i++) {
                if (program.charAt(i) == ';' || program.charAt(i) == '$') {
                    end = i;
                    break;
                }
            }
            this.s = program.substring(0, end);
            this.globals = globals;
        }

        BigInteger evaluate() {
            skip();
            int start = pos;
            String name = identifier();
            skip();
            if (name != null && pos < s.length() && s.charAt(pos) == '=') {
                pos++;
                BigInteger v = sum();
                globals.put(name, v);
                return end(v);
            }
            pos = start;
            return end(sum());
        }

        private BigInteger end(BigInteger v) {
            skip();
            if (pos != s.length()) {
                throw new IllegalArgumentException("syntax error");
            }
            return v;
        }

        private BigInteger sum() {
            BigInteger v = product();
            while (true) {
                skip();
                if (peek('+')) {
                    v = v.add(product());
                } else if (peek('-')) {
                    v = v.subtract(product());
                } else {
                    return v;
                }
            }
        }

        private BigInteger product() {
            BigInteger v = power();
            while (true) {
                skip();
                if (peek('*')) {
                    v = v.multiply(power());
                } else {
                    return v;
                }
            }
        }

        private BigInteger power() {
            BigInteger base = atom();
            skip();
            return peek('^') ? base.pow(power().intValueExact()) : base;
        }

        private BigInteger atom() {
            skip();
            if (peek('-')) {
                return atom().negate();
            }
            if (peek('(')) {
                BigInteger v = sum();
                skip();
                if (!peek(')')) {
                    throw new IllegalArgumentException("syntax error");
                }
                return v;
            }
            int start = pos;
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                pos++;
            }
            if (pos > start) {
                return new BigInteger(s.substring(start, pos));
            }
            String name = identifier();
            if (name == null) {
                throw new IllegalArgumentException("syntax error");
            }
            return globals.getOrDefault(name, BigInteger.ZERO);
        }

        private String identifier() {
            int start = pos;
            if (pos < s.length() && Character.isUpperCase(s.charAt(pos))) {
                while (pos < s.length() && Character.isLetterOrDigit(s.charAt(pos))) {
                    pos++;
                }
                return s.substring(start, pos);
            }
            return null;
        }

        private boolean peek(char c) {
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void skip() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }
    }
}
