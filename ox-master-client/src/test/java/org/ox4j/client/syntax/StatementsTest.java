package org.ox4j.client.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatementsTest {
    @Test
    void splitsAtTopLevelTerminatorsAndKeepsThem() {
        assertEquals(List.of("a = 1;", "b = a + 1$", "[a, b];"), Statements.split("a = 1; b = a + 1$ [a, b];"));
    }

    @Test
    void aDefEndsAtItsClosingBraceAndItsBodyIsNotSplit() {
        assertEquals(List.of("def f(X) { Y = X^2; return Y; }", "f(3);"),
                Statements.split("def f(X) { Y = X^2; return Y; }\nf(3);"));
    }

    @Test
    void elseContinuesTheIf() {
        assertEquals(List.of("if (A > 0) B = 1; else B = 2;", "B;"), Statements.split("if (A > 0) B = 1; else B = 2; B;"));
        assertEquals(List.of("if (A) { B = 1; } else { B = 2; }", "B;"),
                Statements.split("if (A) { B = 1; } else { B = 2; } B;"));
        assertEquals(List.of("elsewhere = 1;", "elsewhere;"), Statements.split("elsewhere = 1; elsewhere;"));
    }

    @Test
    void stringsCommentsAndBracketsHideTerminators() {
        assertEquals(List.of("S = \"a;b\\\";c\";", "T = [1, \"$\"];"),
                Statements.split("S = \"a;b\\\";c\"; /* x; y */ T = [1, \"$\"];"));
        assertEquals(List.of("for (I = 0; I < 3; I++) S += I;"), Statements.split("for (I = 0; I < 3; I++) S += I;"));
    }

    @Test
    void trailingTextWithoutTerminatorIsKeptAndBlankTextIsDropped() {
        assertEquals(List.of("1+2;", "3+"), Statements.split("1+2; 3+"));
        assertEquals(List.of(), Statements.split("  /* nothing */  "));
    }
}
