package org.ox4j.server.algebra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.server.eval.EvaluationException;

class ValueCodecTest {
    private final VariableOrder order = new VariableOrder();
    private final ValueCodec codec = new ValueCodec(order);

    /** Every object pushed in vector a comes back from ox_asir byte-identical; our round trip must do the same. */
    @Test
    void doublesTravelAsIeeeDoubles() {
        org.ox4j.cmo.CmoIeeeDouble d = org.ox4j.cmo.CmoIeeeDouble.of(-2.75);
        Value v = codec.fromCmo(d);
        assertThat(v).isEqualTo(new Real(-2.75));
        assertThat(ValueCodec.toCmo(v)).isEqualTo(d);
    }

    @Test
    void vectorAObjectsRoundTripByteForByte() {
        List<VectorFile.Message> sent = VectorFile.data("a_push_pop", "server0-data.master_to_server0.bin");
        List<VectorFile.Message> replies = VectorFile.data("a_push_pop", "server0-data.server0_to_master.bin");
        // sent[0] is the master's mathcap, replies[0] the server's; then object i ↔ reply i. Object 1 is an
        // INT32, which the stack keeps as a CMO (as a value it is the integer 123, sent back as ZZ).
        assertThat(sent).hasSize(10);
        assertThat(sent.get(1).cmo()).isInstanceOf(CmoInt32.class);
        for (int i = 2; i < sent.size(); i++) {
            Cmo in = sent.get(i).cmo();
            Cmo out = ValueCodec.toCmo(codec.fromCmo(in));
            assertThat(CmoWriter.toBytes(out, ByteOrder.LITTLE_ENDIAN))
                    .as("object %d (%s)", i, in.type())
                    .isEqualTo(replies.get(i).cmoBytes());
        }
    }

    @Test
    void numbersFollowAsirRules() {
        assertThat(ValueCodec.toCmo(codec.fromCmo(CmoZero.INSTANCE))).isEqualTo(CmoNull.INSTANCE);
        assertThat(ValueCodec.toCmo(codec.fromCmo(new CmoZZ(BigInteger.ZERO)))).isEqualTo(CmoNull.INSTANCE);
        assertThat(ValueCodec.toCmo(codec.fromCmo(new CmoInt32(-7)))).isEqualTo(CmoZZ.of(-7));
        assertThat(ValueCodec.toCmo(codec.fromCmo(new CmoQQ(BigInteger.valueOf(6), BigInteger.valueOf(-4)))))
                .isEqualTo(new CmoQQ(BigInteger.valueOf(-3), BigInteger.valueOf(2)));
        assertThat(ValueCodec.toCmo(codec.fromCmo(new CmoQQ(BigInteger.valueOf(8), BigInteger.valueOf(4)))))
                .isEqualTo(CmoZZ.of(2));
        assertThatThrownBy(() -> codec.fromCmo(new CmoQQ(BigInteger.ONE, BigInteger.ZERO)))
                .isInstanceOf(EvaluationException.class);
    }

    /** The spec's §4.7 example: x^2*y+2x-3 sent with the variable list [y, x] comes back in Asir's order [x, y]. */
    @Test
    void recursivePolynomialInOtherOrderIsReordered() {
        Cmo yx = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("y"), CmoString.of("x")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new Term(1, new CmoPolynomialInOneVariable(1, List.of(new Term(2, CmoZZ.of(1))))),
                        new Term(0, new CmoPolynomialInOneVariable(1, List.of(
                                new Term(1, CmoZZ.of(2)), new Term(0, CmoZZ.of(-3))))))));
        Cmo expected = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new Term(2, new CmoPolynomialInOneVariable(1, List.of(new Term(1, CmoZZ.of(1))))),
                        new Term(1, CmoZZ.of(2)),
                        new Term(0, CmoZZ.of(-3)))));
        assertThat(ValueCodec.toCmo(codec.fromCmo(yx))).isEqualTo(expected);
    }

    @Test
    void unusedVariablesAreDroppedAndConstantsBecomeNumbers() {
        Cmo p = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(1, List.of(new Term(0, CmoZZ.of(5)))));
        assertThat(codec.fromCmo(p)).isEqualTo(Num.of(5));
        Cmo q = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(1, List.of(new Term(3, CmoZZ.of(5)), new Term(0, CmoNull.INSTANCE))));
        Value v = codec.fromCmo(q);
        assertThat(v).isInstanceOf(Poly.class);
        assertThat(((Poly) v).variables()).containsExactly("y");
    }

    @Test
    void complexNumbersTravelAsCmoComplexWithNullForAZeroPart() {
        Value z = Complex.of(Num.of(0), Num.of(-3));
        Cmo c = ValueCodec.toCmo(z);
        assertThat(c).isEqualTo(new CmoComplex(CmoNull.INSTANCE, CmoZZ.of(-3)));
        assertThat(codec.fromCmo(c)).isEqualTo(z);
        assertThat(codec.fromCmo(new CmoComplex(CmoZZ.of(2), CmoNull.INSTANCE))).isEqualTo(Num.of(2));
    }

    @Test
    void rationalsAreDividedAsAsirDividesAndRationalFunctionsRoundTrip() {
        Value x = Poly.variable("x");
        Cmo r = new CmoRational(ValueCodec.toCmo(x), CmoZZ.of(2));
        Algebra alg = new Algebra(order, new org.ox4j.server.eval.Interruption());
        assertThat(codec.fromCmo(r)).isEqualTo(alg.div(x, Num.of(2))).isInstanceOf(Poly.class);
        Cmo f = new CmoRational(CmoZZ.of(1), ValueCodec.toCmo(x));
        Value back = codec.fromCmo(f);
        assertThat(back).isInstanceOf(Rat.class);
        assertThat(ValueCodec.toCmo(back)).isEqualTo(f);
        Cmo bad = new CmoRational(CmoString.of("x"), ValueCodec.toCmo(x));
        assertThatThrownBy(() -> codec.fromCmo(bad)).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("CMO_RATIONAL");
    }
}
