package org.ox4j.client.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShellLineTest {
    @Test
    void splitsAtTopLevelWhiteSpaceOnly() {
        assertThat(ShellLine.split("call fctr x^2-1 [1, 2] \"a b\" (x + 1)"))
                .containsExactly("call", "fctr", "x^2-1", "[1, 2]", "\"a b\"", "(x + 1)");
        assertThat(ShellLine.split("  pop  ")).containsExactly("pop");
        assertThat(ShellLine.split("push \"say \\\"hi there\\\"\"")).containsExactly("push", "\"say \\\"hi there\\\"\"");
    }

    @Test
    void restIsEverythingAfterTheCommand() {
        assertThat(ShellLine.rest("push  3*x^2 - 1 ")).isEqualTo("3*x^2 - 1");
        assertThat(ShellLine.rest("pop")).isEmpty();
    }
}
