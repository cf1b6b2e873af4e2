package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import cc.redberry.rings.poly.multivar.MonomialOrder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.ox4j.client.demo.PolynomialSystem;

/** {@code bin/oxsh} in script mode and {@code bin/ox-demo} (the Gröbner demo and {@code --basic}, the first demo), run as a user runs them. */
class ShellAndDemoIT {
    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    @Test
    void oxshRunsAScriptFromStdin() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, """
                # comments and blank lines are skipped

                push 1+2
                push (x+1)^2
                getsp
                pop
                popString
                call igcd 2^40 6^20
                quit
                """, "bin/oxsh");
        assertThat(r.status()).as("stderr: %s", r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("2", "x^2+2*x+1", "3", "1048576");
    }

    @Test
    void oxshStopsWithStatusOneAtTheFirstError() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, "push 1\ncall no_such_function 1\npush 2\n", "bin/oxsh");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("line 2").contains("no_such_function");
        ScriptRun bad = ScriptRun.run(leaks, "push 1 +\n", "bin/oxsh");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.err()).contains("line 1");
    }

    @Test
    void basicDemoRunsOnFourServersAndChecksItsResults() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--basic");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("group of 4 ready");
        // the oracle: each printed factorisation multiplies back to its input and has as many irreducible factors as
        // rings finds; the printed reduce "+" equals rings' expansion of the expression
        RingsOracle q = new RingsOracle(List.of("x", "y"));
        Matcher fctr = Pattern.compile("rank (\\d): fctr\\((.+)\\) = \\[(.*)\\]\\s*$", Pattern.MULTILINE)
                .matcher(r.out());
        int ranks = 0;
        while (fctr.find()) {
            ranks++;
            String input = fctr.group(2);
            Matcher factor = Pattern.compile("\\[([^\\[\\],]+),(\\d+)\\]").matcher(fctr.group(3));
            StringBuilder product = new StringBuilder("1");
            int count = 0;
            while (factor.find()) {
                product.append("*(").append(factor.group(1)).append(")^").append(factor.group(2));
                if (!q.parse(factor.group(1)).isConstant()) {
                    count += Integer.parseInt(factor.group(2));
                }
            }
            assertThat(q.same(product.toString(), input)).as("rank %s: %s", fctr.group(1), fctr.group()).isTrue();
            assertThat(count).as("irreducible factors of %s", input).isEqualTo(q.irreducibleFactors(input));
        }
        assertThat(ranks).as(r.out()).isEqualTo(4);
        Matcher sum = Pattern.compile("reduce \"\\+\" over 4 servers of (\\S+) = (\\S+)").matcher(r.out());
        assertThat(sum.find()).as(r.out()).isTrue();
        assertThat(q.same(sum.group(2), sum.group(1))).as(sum.group()).isTrue();
    }

    @Test
    void demoPrintsItsUsageOnHelpAndRefusesAnUnknownOption() throws IOException {
        ScriptRun help = ScriptRun.run(leaks, "", "bin/ox-demo", "--help");
        assertThat(help.status()).as("stderr: %s", help.err()).isZero();
        assertThat(help.out()).contains("usage: bin/ox-demo").contains("--warm-up SYSTEM").contains("--repeat N")
                .contains("--check")
                .contains("--basic");
        ScriptRun bad = ScriptRun.run(leaks, "", "bin/ox-demo", "--bogus");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown option --bogus");
        // a missing value or a system that cannot be read is refused before any server starts, without a trace
        ScriptRun missing = ScriptRun.run(leaks, "", "bin/ox-demo", "--warm-up");
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("--warm-up needs a value").doesNotContain("Exception");
        ScriptRun unreadable = ScriptRun.run(leaks, "", "bin/ox-demo", "--warm-up", "no-such-system-file");
        assertThat(unreadable.status()).isEqualTo(2);
        assertThat(unreadable.err()).contains("cannot read system no-such-system-file").doesNotContain("Exception");
        ScriptRun none = ScriptRun.run(leaks, "", "bin/ox-demo", "--repeat", "0");
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err()).contains("--repeat 0 (expected: 1..20)");
    }

    @Test
    void mainJobComputesACertifiedBasisOnAGroupAndOnOneServer() throws IOException {
        // servers warmed by another system first: what the job then computes must not depend on it; two pairs of
        // runs, the second with the single server first
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--system", "katsura4", "--servers", "2",
                "--warm-up", "katsura3", "--repeat", "2", "--print-basis");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("on 2 ox4j servers").contains("speed-up over 1 server:")
                .containsPattern("repeat 1 \\(2 srv first\\): total without launch \\d+ / \\d+ ms, speed-up [\\d.]+")
                .containsPattern("repeat 2 \\(1 srv first\\): total without launch \\d+ / \\d+ ms, speed-up [\\d.]+")
                .contains("median of 2 alternated pairs");
        assertThat(r.out()).containsPattern("warm-up: katsura3 \\(untimed\\) +\\d+ +\\d+");
        // the oracle: rings' reduced grevlex basis over Q of the same input
        PolynomialSystem k4 = PolynomialSystem.katsura(4);
        RingsOracle q = new RingsOracle(k4.variables());
        assertThat(q.monic(printedBasis(r.out()))).isEqualTo(q.reducedBasis(k4.polynomials()));
        Matcher m = Pattern.compile("(\\d+) primes in (\\d+) rounds on 2 servers")
                .matcher(r.out());
        assertThat(m.find()).as(r.out()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(4 * Integer.parseInt(m.group(2)));
        // each rank's work: its slots of the certificate add up to all of them
        Matcher rank = Pattern.compile("rank (\\d+) +\\d+ +\\d+ \\((\\d+) of (\\d+) slots\\)").matcher(r.out());
        int slots = 0;
        int ranks = 0;
        while (rank.find()) {
            assertThat(Integer.parseInt(rank.group(1))).isEqualTo(ranks++);
            assertThat(Integer.parseInt(rank.group(3))).isEqualTo(128);
            slots += Integer.parseInt(rank.group(2));
        }
        assertThat(ranks).as(r.out()).isEqualTo(2);
        assertThat(slots).isEqualTo(128);
    }

    @Test
    void groebnerDemoChecksABasisOverRfc102() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--check", "--system", "katsura3", "--servers", "3",
                "--print-basis");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("rank 2:").contains("SM_bcast_102 of G");
        // the oracle: G is rings' reduced basis of the input, so the demo's verdict must be "is a Groebner basis"
        PolynomialSystem k3 = PolynomialSystem.katsura(3);
        RingsOracle q = new RingsOracle(k3.variables());
        assertThat(q.monic(printedBasis(r.out()))).isEqualTo(q.reducedBasis(k3.polynomials()));
        assertThat(r.out()).contains("answer: G is a Groebner basis");
    }

    @Test
    void mainJobGivesTheBasisInLex() throws IOException {
        // the group certifies the grevlex basis and rank 0 converts it (FGLM); rings computes lex directly
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--system", "katsura3", "--servers", "2", "--order",
                "lex", "--print-basis");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("(lex, multi-modular, certified)").contains("certified");
        PolynomialSystem k3 = PolynomialSystem.katsura(3);
        RingsOracle lex = new RingsOracle(k3.variables(), MonomialOrder.LEX);
        assertThat(lex.monic(printedBasis(r.out()))).isEqualTo(lex.reducedBasis(k3.polynomials()));
    }

    /** The polynomials a demo printed with --print-basis. */
    private static List<String> printedBasis(String out) {
        List<String> basis = new ArrayList<>();
        Matcher m = Pattern.compile("^  basis element: (.+)$", Pattern.MULTILINE).matcher(out);
        while (m.find()) {
            basis.add(m.group(1).strip());
        }
        assertThat(basis).as(out).isNotEmpty();
        return basis;
    }
}
