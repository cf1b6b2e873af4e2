package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ox4j.client.OxClient;
import org.ox4j.client.group.DistributedGroebner;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoZZ;

/**
 * {@link ServerGroup#groebner}: the basis over Q of katsura-5 computed by 2 and by 3 real servers (images per rank,
 * SM_reduce_102 "crt", reconstruction and certificate on rank 0) equals the basis one server computes alone with
 * nd_gr, and is a Gröbner basis of the input (is_gb, and every input polynomial reduces to 0).
 */
class DistributedGroebnerIT {
    private static final String VARS = "[u0,u1,u2,u3,u4,u5]";
    private static final String KATSURA5 = "[u0+2*u1+2*u2+2*u3+2*u4+2*u5-1,"
            + "u0^2+2*u1^2+2*u2^2+2*u3^2+2*u4^2+2*u5^2-u0,"
            + "2*u0*u1+2*u1*u2+2*u2*u3+2*u3*u4+2*u4*u5-u1,"
            + "u1^2+2*u0*u2+2*u1*u3+2*u2*u4+2*u3*u5-u2,"
            + "2*u1*u2+2*u0*u3+2*u1*u4+2*u2*u5-u3,"
            + "u2^2+2*u1*u3+2*u0*u4+2*u1*u5-u4]";

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void aGroupComputesTheBasisOneServerComputes(int servers) {
        Cmo f = AsirValueParser.parse(KATSURA5);
        Cmo v = AsirValueParser.parse(VARS);
        Cmo alone;
        try (ServerGroup one = ServerGroup.launchLocal(1)) {
            alone = one.member(0).call("nd_gr", f, v, CmoNull.INSTANCE, CmoNull.INSTANCE);
        }
        try (ServerGroup group = ServerGroup.launchLocal(servers)) {
            DistributedGroebner.Result r = group.groebner(f, v);
            assertThat(r.basis()).isEqualTo(alone);
            assertThat(((CmoList) r.basis()).size()).isGreaterThan(5);
            assertThat(r.primes()).isEqualTo(r.rounds() * servers);
            assertThat(r.phaseMillis()).containsKeys("bcast", "modular work", "reduce", "reconstruction",
                    "certificate", "reduced basis");
            // every rank computed images; the certificate's slots (64 per rank) were all checked, by the ranks together
            assertThat(r.ranks()).hasSize(servers);
            assertThat(r.ranks()).allMatch(w -> w.modularMillis() > 0);
            assertThat(r.ranks().stream().mapToInt(DistributedGroebner.RankWork::certificateSlots).sum())
                    .isEqualTo(64 * servers);
            assertThat(r.ranks().stream().mapToLong(DistributedGroebner.RankWork::certificateMillis).sum())
                    .isPositive();
            OxClient check = group.member(servers - 1);
            assertThat(check.call("is_gb", r.basis(), v, CmoNull.INSTANCE)).isEqualTo(CmoZZ.of(1));
            for (Cmo p : ((CmoList) f).elements()) {
                assertThat(check.call("p_nf", p, r.basis(), v, CmoNull.INSTANCE)).isEqualTo(CmoNull.INSTANCE);
            }
            assertThat(List.of(r.rounds())).allMatch(x -> x >= 2);
        }
    }

    /**
     * In lex and glex the group certifies the grevlex basis and rank 0 converts it: FGLM for katsura-4 in lex, the
     * Buchberger conversion for katsura-4 in glex and for cyclic-4 (positive-dimensional) in lex. Each basis equals
     * nd_gr's on one server in the same order, is a Gröbner basis in that order, and generates the input's ideal.
     */
    @Test
    void inLexAndGlexTheGroupAnswersAsNdGrDoes() {
        String katsura4 = "[u0+2*u1+2*u2+2*u3+2*u4-1, u0^2+2*u1^2+2*u2^2+2*u3^2+2*u4^2-u0,"
                + " 2*u0*u1+2*u1*u2+2*u2*u3+2*u3*u4-u1, u1^2+2*u0*u2+2*u1*u3+2*u2*u4-u2, 2*u1*u2+2*u0*u3+2*u1*u4-u3]";
        String cyclic4 = "[a+b+c+d, a*b+b*c+c*d+d*a, a*b*c+b*c*d+c*d*a+d*a*b, a*b*c*d-1]";
        record Case(String f, String v, int order) {
        }
        List<Case> cases = List.of(new Case(katsura4, "[u0,u1,u2,u3,u4]", 2), new Case(katsura4, "[u0,u1,u2,u3,u4]", 1),
                new Case(cyclic4, "[a,b,c,d]", 2));
        try (ServerGroup one = ServerGroup.launchLocal(1); ServerGroup group = ServerGroup.launchLocal(2)) {
            for (Case c : cases) {
                Cmo f = AsirValueParser.parse(c.f());
                Cmo v = AsirValueParser.parse(c.v());
                Cmo order = CmoZZ.of(c.order());
                Cmo alone = one.member(0).call("nd_gr", f, v, CmoNull.INSTANCE, order);
                DistributedGroebner.Result r = group.groebner(f, v, c.order());
                assertThat(r.basis()).as("order %d of %s", c.order(), c.f()).isEqualTo(alone);
                OxClient check = group.member(1);
                assertThat(check.call("is_gb", r.basis(), v, order)).isEqualTo(CmoZZ.of(1));
                for (Cmo p : ((CmoList) f).elements()) {
                    assertThat(check.call("p_nf", p, r.basis(), v, order)).isEqualTo(CmoNull.INSTANCE);
                }
                // and the basis lies in the input's ideal: each element reduces to 0 by the grevlex basis
                Cmo grevlex = one.member(0).call("nd_gr", f, v, CmoNull.INSTANCE, CmoNull.INSTANCE);
                for (Cmo g : ((CmoList) r.basis()).elements()) {
                    assertThat(check.call("p_nf", g, grevlex, v, CmoNull.INSTANCE)).isEqualTo(CmoNull.INSTANCE);
                }
            }
        }
    }
}
