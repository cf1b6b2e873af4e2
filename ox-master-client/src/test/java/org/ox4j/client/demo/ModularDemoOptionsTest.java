package org.ox4j.client.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ModularDemoOptionsTest {
    @Test
    void theOrderIsGrevlexUnlessNamedOrNumbered() {
        assertThat(ModularDemo.Options.parse(new String[0]).order()).isZero();
        assertThat(ModularDemo.Options.parse(new String[] {"--order", "lex"}).order()).isEqualTo(2);
        assertThat(ModularDemo.Options.parse(new String[] {"--order", "1"}).order()).isEqualTo(1);
        assertThat(ModularDemo.Options.parse(new String[] {"--system", "katsura5", "--order", "grevlex"}).order())
                .isZero();
        assertThatThrownBy(() -> ModularDemo.Options.parse(new String[] {"--order", "3"}))
                .hasMessageContaining("expected: 0 grevlex, 1 glex or 2 lex");
        assertThatThrownBy(() -> ModularDemo.Options.parse(new String[] {"--order", "elim"}))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
