package org.ox4j.client.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ox4j.client.core.OxClientException;

class PolynomialSystemTest {
    @Test
    void shippedSystemsLoad() {
        PolynomialSystem k4 = PolynomialSystem.load("katsura4");
        assertThat(k4.variables()).containsExactly("u0", "u1", "u2", "u3", "u4");
        assertThat(k4.polynomials()).hasSize(5).first().isEqualTo("u0+2*u1+2*u2+2*u3+2*u4-1");
        assertThat(PolynomialSystem.load("cyclic4").variableList()).isEqualTo("[a,b,c,d]");
        assertThat(PolynomialSystem.load("katsura3").polynomials()).hasSize(4);
    }

    @Test
    void textFormSkipsCommentsAndRejectsNonPolynomials() {
        PolynomialSystem s = PolynomialSystem.parse("t", "# c\nvars: x, y\n\nx^2-y\nx*y-1\n");
        assertThat(s.polynomialList()).isEqualTo("[x^2-y,x*y-1]");
        assertThatThrownBy(() -> PolynomialSystem.parse("t", "vars: x\nx; shell(\"rm\")\n"))
                .isInstanceOf(OxClientException.class).hasMessageContaining("not a polynomial");
        assertThatThrownBy(() -> PolynomialSystem.parse("t", "x+1\n")).hasMessageContaining("vars:");
    }

    @Test
    void optionsParse() {
        GroebnerDemo.Options o = GroebnerDemo.Options.parse(new String[] {"--compute", "--servers", "3",
            "--system", "cyclic4"});
        assertThat(o.compute()).isTrue();
        assertThat(o.servers()).isEqualTo(3);
        assertThat(o.system()).isEqualTo("cyclic4");
        assertThatThrownBy(() -> GroebnerDemo.Options.parse(new String[] {"--bogus"}))
                .hasMessageContaining("unknown option");
    }
}
