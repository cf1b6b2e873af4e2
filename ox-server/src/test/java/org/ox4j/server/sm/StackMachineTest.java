package org.ox4j.server.sm;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.function.BuiltinFunctions;
import org.ox4j.server.function.CoreFunctions;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.function.FunctionSpec;
import org.ox4j.server.lang.AsirLanguage;
import org.ox4j.server.session.SessionEvalContext;

/** Every SM command of spec §5.2 on a stack machine without sockets; replies are captured in a list. */
class StackMachineTest {
    private final List<OxMessage> sent = new ArrayList<>();
    private final Interruption interruption = new Interruption();
    private final FunctionRegistry functions = new FunctionRegistry();
    private ServerExtensions ext;
    private StackMachine sm;
    private SessionEvalContext eval;
    private int serial = 100;
    private boolean abandoned;

    StackMachineTest() {
        CoreFunctions.register(functions, true);
        BuiltinFunctions.registerAll(functions);
        functions.register(new FunctionSpec("pair", 2, 2, "test: [a,b]", (a, c) -> CmoList.of(a.get(0), a.get(1))));
        functions.register(new FunctionSpec("count", 0, -1, "test: the number of arguments",
                (a, c) -> CmoZZ.of(a.size())));
        functions.register(new FunctionSpec("stop", 0, 0, "test: interrupted", (a, c) -> {
            c.interruption().raise();
            c.interruption().check();
            return CmoNull.INSTANCE;
        }));
        build(100, 1 << 20);
    }

    private void build(int depth, long bytes) {
        ext = ServerExtensions.standard(functions);
        eval = new SessionEvalContext(interruption, functions, Map.of());
        sm = new StackMachine(ext, new ServerMathcap(ext.advertisedCodes()), new AsirLanguage(), eval,
                new OperandStack(depth, bytes), new RecordingReplySink(sent), () -> abandoned);
    }

    private void push(Cmo c) {
        sm.onData(new OxData(serial++, c));
    }

    private boolean cmd(SmCommand c) {
        return sm.onCommand(new OxCommand(serial++, c.code()));
    }

    private Cmo popCmo() {
        int before = sent.size();
        cmd(SmCommand.POP_CMO);
        assertThat(sent).hasSize(before + 1);
        return ((OxData) sent.get(before)).cmo();
    }

    private static CmoError2 err(Cmo c) {
        assertThat(c).isInstanceOf(CmoError2.class);
        return (CmoError2) c;
    }

    private static String msg(Cmo c) {
        return err(c).message().orElseThrow();
    }

    @Test
    void pushedInt32PopsAsInt32AndZeroAsNull() {
        push(new CmoInt32(123));
        push(CmoZZ.of(0));
        push(CmoZero.INSTANCE);
        push(new CmoQQ(BigInteger.valueOf(6), BigInteger.valueOf(3)));
        assertThat(popCmo()).isEqualTo(CmoZZ.of(2));
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
        assertThat(popCmo()).isEqualTo(new CmoInt32(123));
    }

    /** {@code list} as a session's reader delivers it: a large one kept in its bytes. */
    private static CmoList received(CmoList list) {
        byte[] wire = org.ox4j.cmo.io.CmoWriter.toBytes(list, java.nio.ByteOrder.LITTLE_ENDIAN);
        return (CmoList) org.ox4j.cmo.io.CmoReader.readKeepingEncoding(
                org.ox4j.cmo.io.ByteBufferSource.of(wire, java.nio.ByteOrder.LITTLE_ENDIAN),
                org.ox4j.cmo.io.CmoLimits.DEFAULT);
    }

    @Test
    void aLargeReceivedListStaysInItsBytesUnlessItHoldsAZero() {
        List<Cmo> ints = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            ints.add(new CmoInt32(i));
        }
        CmoList plain = received(new CmoList(ints));
        push(plain);
        Cmo popped = popCmo();
        assertThat(popped).isSameAs(plain);
        assertThat(plain.keptEncoding()).isNotNull();
        // a zero inside is Asir's zero after the push, as for a list decoded at once
        List<Cmo> withZero = new ArrayList<>(ints);
        withZero.add(CmoZZ.of(0));
        push(received(new CmoList(withZero)));
        CmoList normalised = (CmoList) popCmo();
        assertThat(normalised.get(5000)).isEqualTo(CmoNull.INSTANCE);
        assertThat(normalised.get(4999)).isEqualTo(new CmoInt32(4999));
    }

    @Test
    void popOnEmptyStackSendsNullAndPopStringSendsZero() {
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
        cmd(SmCommand.POP_STRING);
        assertThat(((OxData) sent.get(1)).cmo()).isEqualTo(CmoString.of("0"));
    }

    @Test
    void popStringPrintsLikeAsir() {
        push(CmoList.of(new CmoInt32(-1), CmoString.of("s"), new CmoZZ(BigInteger.TWO.pow(70)),
                new CmoQQ(BigInteger.valueOf(-3), BigInteger.valueOf(7)), CmoList.EMPTY));
        cmd(SmCommand.POP_STRING);
        assertThat(((OxData) sent.get(0)).cmo())
                .isEqualTo(CmoString.of("[4294967295,s,1180591620717411303424,-3/7,[]]"));
    }

    @Test
    void popStringPrintsPolynomialsInAsirForm() {
        // x^2 + 2*x - 3 as a recursive polynomial in x
        CmoList vars = CmoList.of(new org.ox4j.cmo.CmoIndeterminate(CmoString.of("x")));
        push(new org.ox4j.cmo.CmoRecursivePolynomial(vars, new org.ox4j.cmo.CmoPolynomialInOneVariable(0, List.of(
                new org.ox4j.cmo.CmoPolynomialInOneVariable.Term(2, CmoZZ.of(1)),
                new org.ox4j.cmo.CmoPolynomialInOneVariable.Term(1, CmoZZ.of(2)),
                new org.ox4j.cmo.CmoPolynomialInOneVariable.Term(0, CmoZZ.of(-3))))));
        cmd(SmCommand.POP_STRING);
        assertThat(((OxData) sent.get(0)).cmo()).isEqualTo(CmoString.of("x^2+2*x-3"));
    }

    @Test
    void mathcapIsPushedNotSentAndListsOurCommands() {
        cmd(SmCommand.MATHCAP);
        assertThat(sent).isEmpty();
        Cmo m = popCmo();
        assertThat(m).isInstanceOf(CmoMathcap.class);
        CmoList top = (CmoList) ((CmoMathcap) m).body();
        assertThat(((CmoList) top.get(0)).get(1)).isEqualTo(CmoString.of("ox4j"));
        assertThat(((CmoList) top.get(1)).elements()).contains(new CmoInt32(273), new CmoInt32(262),
                new CmoInt32(400), new CmoInt32(277)).doesNotContain(new CmoInt32(258));
        CmoList tags = (CmoList) ((CmoList) ((CmoList) top.get(2)).get(0)).get(1);
        assertThat(tags.elements()).contains(new CmoInt32(51), new CmoInt32(20));
    }

    @Test
    void setMathcapFiltersReplies() {
        CmoMathcap client = new CmoMathcap(CmoList.of(CmoList.of(new CmoInt32(1), CmoString.of("c")),
                CmoList.of(new CmoInt32(262)),
                CmoList.of(CmoList.of(new CmoInt32(514), CmoList.of(new CmoInt32(1), new CmoInt32(2),
                        new CmoInt32(4), new CmoInt32(17), new CmoInt32(0x7f000002))))));
        push(client);
        int s = serial;
        cmd(SmCommand.SET_MATHCAP);
        assertThat(sm.stack().size()).isZero();
        push(CmoZZ.of(5));
        Cmo reply = popCmo();
        assertThat(msg(reply)).contains(StackMachine.MATHCAP_VIOLATION);
        push(CmoList.of(new CmoInt32(5)));
        assertThat(popCmo()).isEqualTo(CmoList.of(new CmoInt32(5)));
        push(CmoString.of("not a mathcap"));
        cmd(SmCommand.SET_MATHCAP);
        assertThat(err(sm.stack().peek().orElseThrow()).serial()).contains(s + 6);
    }

    @Test
    void popsRemovesNObjectsAndRejectsBadCounts() {
        for (int i = 1; i <= 5; i++) {
            push(CmoZZ.of(i));
        }
        push(new CmoInt32(2));
        cmd(SmCommand.POPS);
        assertThat(sm.stack().size()).isEqualTo(3);
        push(new CmoInt32(99));
        cmd(SmCommand.POPS);
        assertThat(sm.stack().size()).isZero();
        push(CmoString.of("x"));
        cmd(SmCommand.POPS);
        assertThat(msg(popCmo())).contains("pops : invalid argument");
    }

    @Test
    void getspPushesZzAndZeroAsNull() {
        cmd(SmCommand.GETSP);
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
        push(CmoString.of("a"));
        push(CmoString.of("b"));
        cmd(SmCommand.GETSP);
        assertThat(popCmo()).isEqualTo(CmoZZ.of(2));
    }

    @Test
    void dupErrorsListsErrorsBottomToTopAndLeavesThem() {
        push(CmoString.of("nosuch"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        push(CmoZZ.of(7));
        push(new CmoInt32(0));
        push(CmoString.of("nosuch2"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        cmd(SmCommand.DUP_ERRORS);
        CmoList l = (CmoList) popCmo();
        assertThat(l.size()).isEqualTo(2);
        assertThat(msg(l.get(1))).contains("nosuch2");
        assertThat(sm.stack().size()).isEqualTo(3);
    }

    @Test
    void pushCmoTagPeeksTheTop() {
        cmd(SmCommand.PUSH_CMO_TAG);
        assertThat(popCmo()).isEqualTo(new CmoInt32(1));
        push(CmoZZ.of(3));
        cmd(SmCommand.PUSH_CMO_TAG);
        assertThat(popCmo()).isEqualTo(new CmoInt32(20));
        assertThat(popCmo()).isEqualTo(CmoZZ.of(3));
    }

    @Test
    void setNameAndEvalNameUseSessionVariables() {
        push(CmoZZ.of(42));
        push(CmoString.of("Abc"));
        cmd(SmCommand.SET_NAME);
        assertThat(eval.variables()).containsEntry("Abc", org.ox4j.server.algebra.Num.of(42));
        push(CmoString.of("Abc"));
        cmd(SmCommand.EVAL_NAME);
        assertThat(popCmo()).isEqualTo(CmoZZ.of(42));
        push(CmoString.of("Unset"));
        cmd(SmCommand.EVAL_NAME);
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
        push(CmoZZ.of(1));
        push(CmoString.of("lower"));
        cmd(SmCommand.SET_NAME);
        assertThat(sm.stack().size()).isEqualTo(2);
        assertThat(err(popCmo()).message()).isPresent();
        assertThat(popCmo()).isEqualTo(CmoZZ.of(1));
    }

    @Test
    void executeFunctionPopsArgumentsInAsirOrder() {
        push(CmoZZ.of(5));
        push(CmoZZ.of(17));
        push(new CmoInt32(2));
        push(CmoString.of("pair"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(sent).isEmpty();
        assertThat(popCmo()).isEqualTo(CmoList.of(CmoZZ.of(17), CmoZZ.of(5)));
    }

    @Test
    void executeFunctionErrorsCarryTheCommandSerialAndAsirMessages() {
        push(CmoZZ.of(1));
        push(new CmoInt32(1));
        push(CmoString.of("nosuchfunction"));
        int s = serial;
        cmd(SmCommand.EXECUTE_FUNCTION);
        CmoError2 e = err(popCmo());
        assertThat(e.serial()).contains(s);
        assertThat(e.message().orElseThrow()).contains("executeFunction : the function nosuchfunction not found");
        assertThat(sm.stack().size()).isZero();

        push(CmoZZ.of(8));
        push(CmoZZ.of(7));
        push(CmoString.of("idiv"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("executeFunction : invalid argc");
        assertThat(popCmo()).isEqualTo(CmoZZ.of(8));

        push(CmoZZ.of(7));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("executeFunction : invalid function name");

        push(CmoZZ.of(0));
        push(CmoZZ.of(1));
        push(new CmoInt32(2));
        push(CmoString.of("idiv"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("idiv: division by 0");

        push(new CmoInt32(1));
        push(CmoString.of("idiv"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("bevalf : argument mismatch in idiv()");
    }

    @Test
    void anArgumentCountBeyondTheStackAllocatesNothingForIt() {
        // found by the form-b fuzz campaign: argc 2^31-1 on a short stack was padded with 2^31-1 NULLs
        push(CmoZZ.of(1));
        push(new CmoInt32(Integer.MAX_VALUE));
        push(CmoString.of("igcd"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("bevalf : argument mismatch in igcd()");
        assertThat(sm.stack().size()).isZero();

        push(CmoZZ.of(1));
        push(CmoZZ.of(2));
        push(new CmoInt32(Integer.MAX_VALUE));
        push(CmoString.of("count"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("count called with 2147483647 arguments, the stack held 2");

        push(CmoZZ.of(1));
        push(new CmoInt32(3));
        push(CmoString.of("count"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("count called with 3 arguments, the stack held 1");

        // a fixed arity still reads missing arguments as 0, as ox_asir does
        push(CmoZZ.of(5));
        push(new CmoInt32(2));
        push(CmoString.of("pair"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(popCmo()).isEqualTo(CmoList.of(CmoZZ.of(5), CmoNull.INSTANCE));
    }

    @Test
    void aLanguageFormCalledByExecuteFunctionSaysHowToCallIt() {
        push(CmoString.of("x"));
        push(new CmoInt32(1));
        push(CmoString.of("eval_str"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("eval_str is evaluated by the local language");
    }

    @Test
    void executeFunctionSyncSendsAckThenResult() {
        push(CmoZZ.of(18));
        push(CmoZZ.of(12));
        push(new CmoInt32(2));
        push(CmoString.of("igcd"));
        cmd(SmCommand.EXECUTE_FUNCTION_SYNC);
        assertThat(sent).extracting(m -> ((OxData) m).cmo()).containsExactly(CmoZZ.of(1), CmoZZ.of(6));
        push(new CmoInt32(0));
        push(CmoString.of("nosuch"));
        cmd(SmCommand.EXECUTE_FUNCTION_SYNC);
        assertThat(((OxData) sent.get(2)).cmo()).isEqualTo(CmoZZ.of(1));
        assertThat(msg(((OxData) sent.get(3)).cmo())).contains("not found");
        push(CmoZZ.of(3));
        cmd(SmCommand.EXECUTE_FUNCTION_SYNC);
        assertThat(sent).hasSize(5);
        assertThat(msg(((OxData) sent.get(4)).cmo())).contains("invalid function name");
    }

    @Test
    void executeStringRunsTheLocalLanguage() {
        push(CmoString.of("igcd(12, 18);"));
        cmd(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
        assertThat(popCmo()).isEqualTo(CmoZZ.of(6));
        push(CmoString.of("igcd(12, 18)"));
        cmd(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
        assertThat(msg(popCmo())).contains("end-of-line detected during parsing");
        push(CmoString.of("keep"));
        push(CmoString.of("[1,\"a\"];"));
        cmd(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER_IN_BATCH_MODE);
        assertThat(popCmo()).isEqualTo(CmoString.of("keep"));
    }

    private String popString() {
        int before = sent.size();
        cmd(SmCommand.POP_STRING);
        assertThat(sent).hasSize(before + 1);
        return ((CmoString) ((OxData) sent.get(before)).cmo()).value();
    }

    private void executeString(String s) {
        push(CmoString.of(s));
        cmd(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
    }

    /** SM_executeFunction of {@code name} on the one argument on top of the stack. */
    private void executeFunctionOnTop(String name) {
        push(new CmoInt32(1));
        push(CmoString.of(name));
        cmd(SmCommand.EXECUTE_FUNCTION);
    }

    @Test
    void valuesWithoutACmoFormStayOnTheStackAsInOxAsir() {
        // a vector has no CMO form: ox_asir keeps it on its stack, popString prints it
        executeString("newvect(3, [1, x, 2/3]);");
        assertThat(popString()).isEqualTo("[ 1 x 2/3 ]");
        // popCMO answers "cannot convert to CMO object" and leaves it where it was (asir_popCMO)
        executeString("newmat(2, 2, [[1, 2], [3, 4]]);");
        assertThat(msg(popCmo())).isEqualTo("cannot convert to CMO object");
        assertThat(popString()).isEqualTo("[ 1 2 ]\n[ 3 4 ]");
        // as an argument of SM_executeFunction and a value of SM_setName it is taken as it is
        executeString("ltov([1, 2, 3]);");
        executeFunctionOnTop("vtol");
        assertThat(popCmo()).isEqualTo(CmoList.of(CmoZZ.of(1), CmoZZ.of(2), CmoZZ.of(3)));
        executeString("newvect(2, [5, 7]);");
        push(CmoString.of("V"));
        cmd(SmCommand.SET_NAME);
        executeString("V[1] * V[0];");
        assertThat(popCmo()).isEqualTo(CmoZZ.of(35));
        push(CmoString.of("V"));
        cmd(SmCommand.EVAL_NAME);
        assertThat(popString()).isEqualTo("[ 5 7 ]");
        // a list holding one has no CMO form either; a CMO-level function refuses it with an error
        executeString("[newvect(1), 2];");
        assertThat(msg(popCmo())).isEqualTo("cannot convert to CMO object");
        assertThat(popString()).isEqualTo("[[ 0 ],2]");
        executeString("newvect(1);");
        executeFunctionOnTop("ox4j_spin");
        assertThat(msg(popCmo())).contains("cannot convert to CMO object");
        // counted like any other object
        executeString("newvect(2);");
        cmd(SmCommand.GETSP);
        assertThat(popCmo()).isEqualTo(CmoZZ.of(1));
        assertThat(popString()).isEqualTo("[ 0 0 ]");
        executeString("newvect(2);");
        push(new CmoInt32(1));
        cmd(SmCommand.POPS);
        cmd(SmCommand.GETSP);
        assertThat(popCmo()).isEqualTo(CmoNull.INSTANCE);
    }

    @Test
    void unknownCodesBlocksAndNopAreSilent() {
        push(CmoZZ.of(1));
        sm.onCommand(new OxCommand(serial++, 9999));
        cmd(SmCommand.NOP);
        cmd(SmCommand.BEGIN_BLOCK);
        cmd(SmCommand.END_BLOCK);
        assertThat(sent).isEmpty();
        assertThat(sm.stack().snapshot()).containsExactly(CmoZZ.of(1));
    }

    @Test
    void shutdownEndsTheSession() {
        assertThat(cmd(SmCommand.NOP)).isFalse();
        assertThat(cmd(SmCommand.SHUTDOWN)).isTrue();
    }

    @Test
    void popSerializedLocalObjectAnswersWithAnErrorAndKeepsTheObject() {
        push(CmoZZ.of(9));
        cmd(SmCommand.POP_SERIALIZED_LOCAL_OBJECT);
        assertThat(msg(((OxData) sent.get(0)).cmo())).contains("not supported");
        assertThat(sm.stack().snapshot()).containsExactly(CmoZZ.of(9));
    }

    @Test
    void interruptionPushesAnErrorUnlessAbandonedByReset() {
        push(new CmoInt32(0));
        push(CmoString.of("stop"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(msg(popCmo())).contains("interrupted");
        abandoned = true;
        push(new CmoInt32(0));
        push(CmoString.of("stop"));
        cmd(SmCommand.EXECUTE_FUNCTION);
        assertThat(sm.stack().size()).isZero();
    }

    @Test
    void stackDepthLimitPushesAnErrorInsteadOfGrowing() {
        build(3, 1 << 20);
        for (int i = 0; i < 10; i++) {
            push(CmoZZ.of(i + 1));
        }
        assertThat(sm.stack().size()).isBetween(4, 3 + OperandStack.ERROR_RESERVE);
        assertThat(msg(sm.stack().peek().orElseThrow())).contains("operand stack overflow");
    }

    @Test
    void sessionMemoryLimitPushesAnError() {
        build(1000, 4096);
        push(CmoString.of("x".repeat(10_000)));
        assertThat(msg(popCmo())).contains("session memory limit");
    }

    @Test
    void extensionsCanRegisterHandlers() {
        ext.handler(4242, c -> c.push(CmoString.of("ext")), true);
        build(100, 1 << 20);
        ServerExtensions fresh = ext;
        fresh.handler(4242, c -> c.push(CmoString.of("ext")), true);
        sm = new StackMachine(fresh, new ServerMathcap(fresh.advertisedCodes()), new AsirLanguage(), eval,
                new OperandStack(10, 1 << 20), new RecordingReplySink(sent), () -> false);
        sm.onCommand(new OxCommand(1, 4242));
        assertThat(sm.stack().snapshot()).containsExactly(CmoString.of("ext"));
        assertThat(new ServerMathcap(fresh.advertisedCodes()).smCodes()).contains(4242);
    }
}
