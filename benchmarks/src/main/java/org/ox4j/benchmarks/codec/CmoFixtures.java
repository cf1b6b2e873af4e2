package org.ox4j.benchmarks.codec;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoZZ;

/** The objects the codec benchmarks encode and decode; deterministic (fixed seeds). */
public enum CmoFixtures {
    /** A positive {@code CMO_ZZ} of exactly 2^23 bits: 1 MiB of limbs. */
    ZZ_1MIB {
        @Override
        public Cmo build() {
            BigInteger v = new BigInteger(1 << 23, new Random(1)).setBit((1 << 23) - 1);
            return new CmoZZ(v);
        }
    },
    /** A {@code CMO_LIST} of 10^5 {@code CMO_INT32}. */
    LIST_INT32_1E5 {
        @Override
        public Cmo build() {
            Random r = new Random(2);
            List<Cmo> elements = new ArrayList<>(100_000);
            for (int i = 0; i < 100_000; i++) {
                elements.add(new CmoInt32(r.nextInt()));
            }
            return new CmoList(elements);
        }
    },
    /** A {@code CMO_DISTRIBUTED_POLYNOMIAL} of 10^4 monomials in 3 variables with 200-bit coefficients. */
    DP_1E4_200BIT {
        @Override
        public Cmo build() {
            Random r = new Random(3);
            List<CmoMonomial32> monomials = new ArrayList<>(10_000);
            for (int i = 0; i < 10_000; i++) {
                BigInteger c = new BigInteger(200, r).setBit(199);
                if (r.nextBoolean()) {
                    c = c.negate();
                }
                int[] exps = {10_000 - i, i % 17, i % 5};
                monomials.add(CmoMonomial32.wrap(exps, new CmoZZ(c)));
            }
            return new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, monomials);
        }
    };

    /** A fresh instance of the fixture. */
    public abstract Cmo build();
}
