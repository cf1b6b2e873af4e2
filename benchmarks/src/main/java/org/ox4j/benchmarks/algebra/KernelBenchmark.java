package org.ox4j.benchmarks.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.Rings;
import cc.redberry.rings.poly.multivar.GroebnerBases;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import cc.redberry.rings.poly.multivar.MultivariateDivision;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.ox4j.algebra.Divisors;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.NormalForm;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.algebra.ZPoly;

/**
 * The polynomial kernel beside rings on the same inputs (time per operation):
 * <ul>
 *   <li>{@code add}: the sum of two 9880-term polynomials with 200-bit coefficients;</li>
 *   <li>{@code fateman}: f·(f+1), f = (1+x+y+z+t)^degree (kernel on 1 and on 2 threads);</li>
 *   <li>{@code normalForm}: (u_0+…+u_7)^4 modulo the reduced grevlex basis of katsura-7 over Q (kernel:
 *       fraction-free over Z; rings: its division over Q).</li>
 * </ul>
 * Run: {@code java -jar benchmarks/target/benchmarks.jar KernelBenchmark -f 1}. rings' Fateman product of degree
 * 20 takes minutes a call; {@code -p degree=12} compares both on a smaller one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KernelBenchmark {
    @Param({"20"})
    public int degree;

    private ZPoly addF;
    private ZPoly addG;
    private MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> ringsAddF;
    private MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> ringsAddG;
    private ZPoly fatF;
    private ZPoly fatG;
    private MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> ringsFatF;
    private MultivariatePolynomial<cc.redberry.rings.bigint.BigInteger> ringsFatG;
    private ZPoly nfTarget;
    private Divisors katsura7;
    private MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> ringsNfTarget;
    private MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>[] ringsKatsura7;

    @Setup
    @SuppressWarnings("unchecked")
    public void setUp() {
        addF = KernelInputs.dense9880(1, 200);
        addG = KernelInputs.dense9880(2, 200);
        ringsAddF = RingsBridge.toRings(addF);
        ringsAddG = RingsBridge.toRings(addG);
        fatF = KernelInputs.fateman(degree);
        fatG = fatF.add(ZPoly.constant(fatF.layout(), BigInteger.ONE));
        ringsFatF = RingsBridge.toRings(fatF);
        ringsFatG = RingsBridge.toRings(fatG);
        List<ZPoly> k7 = KernelInputs.katsura(7);
        List<MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>> in = new ArrayList<>();
        for (ZPoly p : k7) {
            in.add(RingsBridge.toRings(QPoly.of(p)).setOrdering(MonomialOrder.GREVLEX));
        }
        List<MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>>> gb =
                GroebnerBases.GroebnerBasis(in, MonomialOrder.GREVLEX);
        ringsKatsura7 = gb.toArray(MultivariatePolynomial[]::new);
        List<ZPoly> basis = new ArrayList<>();
        for (MultivariatePolynomial<Rational<cc.redberry.rings.bigint.BigInteger>> p : gb) {
            basis.add(RingsBridge.fromRingsQ(p.clone().setOrdering(MonomialOrder.LEX), k7.get(0).layout())
                    .relayout(k7.get(0).layout()).primitiveIntegral());
        }
        katsura7 = Divisors.of(basis, k7.get(0).layout());
        ZPoly sum = ZPoly.zero(k7.get(0).layout());
        for (int i = 0; i < 8; i++) {
            sum = sum.add(KernelInputs.variable(k7.get(0).layout(), i));
        }
        nfTarget = sum.pow(4, Interrupt.NONE, 1);
        ringsNfTarget = RingsBridge.toRings(QPoly.of(nfTarget)).setOrdering(MonomialOrder.GREVLEX);
    }

    @Benchmark
    public ZPoly addKernel() {
        return addF.add(addG);
    }

    @Benchmark
    public Object addRings() {
        return ringsAddF.clone().add(ringsAddG);
    }

    @Benchmark
    public ZPoly fatemanKernel1Thread() {
        return fatF.multiply(fatG, Interrupt.NONE, 1);
    }

    @Benchmark
    public ZPoly fatemanKernel2Threads() {
        return fatF.multiply(fatG, Interrupt.NONE, 2);
    }

    @Benchmark
    public Object fatemanRings() {
        return ringsFatF.clone().multiply(ringsFatG);
    }

    @Benchmark
    public ZPoly normalFormKernel() {
        return NormalForm.reduce(nfTarget, katsura7, Interrupt.NONE);
    }

    @Benchmark
    public Object normalFormRings() {
        return MultivariateDivision.remainder(ringsNfTarget, ringsKatsura7);
    }

    static {
        // rings' Q is used by the setup; touching it here keeps class initialisation out of the first iteration
        Rings.Q.getOne();
    }
}
