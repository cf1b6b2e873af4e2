package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
        assertThat(r.out()).contains("group of 4 ready").contains("rank 3:").contains("all results checked");
    }

    @Test
    void mainJobComputesACertifiedBasisOnAGroupAndOnOneServer() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--system", "katsura4", "--servers", "2");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        // the oracle: katsura-4's reduced grevlex basis over Q has 13 elements (the S-pair demo below checks such
        // a basis independently, and the kernel's tests compare it with rings)
        assertThat(r.out()).contains("on 2 ox4j servers").contains("speed-up over 1 server:")
                .contains("basis of 13 polynomials, certified").doesNotContain("FAILED");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) primes in (\\d+) rounds on 2 servers")
                .matcher(r.out());
        assertThat(m.find()).as(r.out()).isTrue();
        assertThat(Integer.parseInt(m.group(1))).isEqualTo(4 * Integer.parseInt(m.group(2)));
    }

    @Test
    void groebnerDemoChecksABasisOverRfc102() throws IOException {
        ScriptRun r = ScriptRun.run(leaks, "", "bin/ox-demo", "--check", "--system", "katsura3", "--servers", "3");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("rank 2:").contains("SM_bcast_102 of G")
                .contains("answer: G is a Groebner basis");
    }
}
