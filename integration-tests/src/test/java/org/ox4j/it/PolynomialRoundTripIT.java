package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;

/**
 * Recursive polynomials as an Asir master sends them go through a real server, which keeps them in the bytes they
 * arrived in: popped back unchanged in both byte orders, printed and passed to functions (decoded then), and a
 * well-framed but malformed one is answered with CMO_ERROR2 when used while the session goes on.
 */
class PolynomialRoundTripIT {
    /** Σ c·x^i·y^j·z^k over i+j+k ≤ degree, big coefficients, recursive in x, y, z. */
    private static CmoRecursivePolynomial dense(int degree, int bits) {
        Random r = new Random(7);
        List<CmoPolynomialInOneVariable.Term> xs = new ArrayList<>();
        for (int i = degree; i >= 0; i--) {
            List<CmoPolynomialInOneVariable.Term> ys = new ArrayList<>();
            for (int j = degree - i; j >= 0; j--) {
                List<CmoPolynomialInOneVariable.Term> zs = new ArrayList<>();
                for (int k = degree - i - j; k >= 0; k--) {
                    zs.add(new CmoPolynomialInOneVariable.Term(k, new CmoZZ(new BigInteger(bits, r).setBit(bits - 1))));
                }
                ys.add(new CmoPolynomialInOneVariable.Term(j, new CmoPolynomialInOneVariable(2, zs)));
            }
            xs.add(new CmoPolynomialInOneVariable.Term(i, new CmoPolynomialInOneVariable(1, ys)));
        }
        return new CmoRecursivePolynomial(variables(), new CmoPolynomialInOneVariable(0, xs));
    }

    private static CmoList variables() {
        return CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"), CmoIndeterminate.of("z"));
    }

    @Test
    void aPolynomialComesBackUnchangedAndIsAValueForFunctions() throws Exception {
        CmoRecursivePolynomial big = dense(20, 200);
        // x^2 + 3
        CmoRecursivePolynomial small = new CmoRecursivePolynomial(variables(), new CmoPolynomialInOneVariable(0,
                List.of(new CmoPolynomialInOneVariable.Term(2, new CmoInt32(1)),
                        new CmoPolynomialInOneVariable.Term(0, new CmoInt32(3)))));
        for (int mine : new int[] {0, 1}) {
            try (ServerProcess server = ServerProcess.startReady("poly-round-trip-" + mine, "-data", "0",
                    "-control", "0");
                 TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(mine);
                 TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(mine)) {
                ByteOrder order = ByteOrderBytes.decide((byte) mine, (byte) data.serverByte());
                for (int round = 0; round < 3; round++) {
                    data.push(big);
                    assertThat(CmoWriter.toBytes(data.popCmo(), order)).isEqualTo(CmoWriter.toBytes(big, order));
                }
                data.push(small);
                assertThat(data.popString()).isEqualTo("x^2+3");
                data.call("nmono", big);
                assertThat(data.popCmo()).isEqualTo(CmoZZ.of(21 * 22 * 23 / 6));
            }
        }
    }

    @Test
    void aMalformedPolynomialIsAnErrorWhenUsedAndTheSessionGoesOn() throws Exception {
        // variables that are not a list: well framed, so it is kept; building it fails
        CmoRecursivePolynomial bad = new CmoRecursivePolynomial(CmoList.of(), new CmoInt32(1));
        try (ServerProcess server = ServerProcess.startReady("poly-malformed", "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(1);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(1)) {
            ByteOrder order = ByteOrderBytes.decide((byte) 1, (byte) data.serverByte());
            // OX_DATA, serial 99, then the polynomial with its variables' tag CMO_LIST turned into CMO_INT32 (whose
            // value is the list's count): well framed, so it is kept; building it fails
            byte[] wire = CmoWriter.toBytes(bad, order);
            java.nio.ByteBuffer frame = java.nio.ByteBuffer.allocate(8 + wire.length).order(order);
            frame.putInt(514).putInt(99).put(wire).putInt(12, 2);
            data.writeRaw(frame.array());
            // SM_executeFunction of nmono with it as the argument (what call() sends after its arguments)
            data.push(new CmoInt32(1));
            data.push(org.ox4j.cmo.CmoString.of("nmono"));
            data.command(org.ox4j.protocol.SmCommand.EXECUTE_FUNCTION);
            Cmo answer = data.popCmo();
            assertThat(answer).isInstanceOf(CmoError2.class);
            data.push(CmoZZ.of(42));
            assertThat(data.popCmo()).isEqualTo(CmoZZ.of(42));
        }
    }
}
