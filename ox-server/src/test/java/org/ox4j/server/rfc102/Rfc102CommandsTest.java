package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.ServerLimits;
import org.ox4j.server.SessionInfo;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.function.CoreFunctions;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.lang.AsirLanguage;
import org.ox4j.server.session.SessionEvalContext;
import org.ox4j.server.sm.OperandStack;
import org.ox4j.server.sm.RecordingReplySink;
import org.ox4j.server.sm.ServerExtensions;
import org.ox4j.server.sm.ServerMathcap;
import org.ox4j.server.sm.StackMachine;

/**
 * The SM commands 278-283 on a stack machine without sockets: argument pops, what is pushed, the errors that
 * replace ox_asir's uninitialised pushes, and the collectives of a group of one (which need no link).
 */
class Rfc102CommandsTest {
    private final List<OxMessage> sent = new ArrayList<>();
    private final Interruption interruption = new Interruption();
    private final FunctionRegistry functions = new FunctionRegistry();
    private final ServerExtensions ext;
    private final SessionEvalContext eval;
    private final StackMachine sm;
    private int serial = 100;

    Rfc102CommandsTest() {
        CoreFunctions.register(functions, false);
        ext = ServerExtensions.standard(functions);
        eval = new SessionEvalContext(interruption, functions, ext.createServices(
                new SessionInfo(1, interruption, new SerialCounter(), ServerLimits.DEFAULT)));
        sm = new StackMachine(ext, new ServerMathcap(ext.advertisedCodes()), new AsirLanguage(), eval,
                new OperandStack(100, 1 << 20), new RecordingReplySink(sent), () -> false);
    }

    @AfterEach
    void closeGroup() {
        group().close();
    }

    private PeerGroup group() {
        return eval.service(PeerGroup.class).orElseThrow();
    }

    private void push(Cmo... cs) {
        for (Cmo c : cs) {
            sm.onData(new OxData(serial++, c));
        }
    }

    private void cmd(SmCommand c) {
        sm.onCommand(new OxCommand(serial++, c.code()));
    }

    private List<Cmo> stack() {
        return sm.stack().snapshot();
    }

    private static String errorText(Cmo c) {
        assertThat(c).isInstanceOf(CmoError2.class);
        return ((CmoError2) c).message().orElse("");
    }

    @Test
    void theSixCommandsAreRegisteredAndAdvertised() {
        for (SmCommand c : List.of(SmCommand.SET_RANK_102, SmCommand.TCP_ACCEPT_102, SmCommand.TCP_CONNECT_102,
                SmCommand.RESET_102, SmCommand.BCAST_102, SmCommand.REDUCE_102)) {
            assertThat(ext.handlerFor(c.code())).as(c.specName()).isPresent();
            assertThat(ext.advertisedCodes()).contains(c.code());
        }
        assertThat(functions.lookup("ox_get_rank_102")).isPresent();
        assertThat(functions.lookup("ox_reduce_ops_102")).isPresent();
    }

    @Test
    void setRankPopsRankThenNserverAndPushesNothing() {
        push(CmoZZ.of(4), CmoNull.INSTANCE);
        cmd(SmCommand.SET_RANK_102);
        assertThat(stack()).isEmpty();
        assertThat(group().size()).isEqualTo(4);
        assertThat(group().rank()).isZero();
        push(CmoZZ.of(3), new CmoInt32(2));
        cmd(SmCommand.SET_RANK_102);
        assertThat(group().rank()).isEqualTo(2);
    }

    @Test
    void invalidSetRankPushesARealErrorAndKeepsTheOldValues() {
        push(CmoZZ.of(2), CmoZZ.of(1));
        cmd(SmCommand.SET_RANK_102);
        push(CmoZZ.of(2), CmoZZ.of(2));
        cmd(SmCommand.SET_RANK_102);
        assertThat(stack()).hasSize(1);
        assertThat(errorText(stack().get(0))).startsWith("Invalid argument(s) in ox_set_rank_102");
        push(CmoZZ.of(2), CmoString.of("one"));
        cmd(SmCommand.SET_RANK_102);
        assertThat(errorText(stack().get(1))).startsWith("Invalid argument(s) in ox_set_rank_102");
        assertThat(group().size()).isEqualTo(2);
        assertThat(group().rank()).isEqualTo(1);
    }

    @Test
    void acceptAndConnectRejectBadArgumentsWithoutTouchingTheNetwork() {
        push(CmoZZ.of(5000), CmoZZ.of(1024));
        cmd(SmCommand.TCP_ACCEPT_102);
        assertThat(errorText(stack().get(0))).startsWith("failed to bind or accept in ox_tcp_accept_102");
        push(CmoZZ.of(7), CmoZZ.of(5000), CmoZZ.of(1));
        cmd(SmCommand.TCP_CONNECT_102);
        assertThat(errorText(stack().get(1))).contains("host must be a string");
        push(CmoString.of("127.0.0.1"), CmoZZ.of(70000), CmoZZ.of(1));
        cmd(SmCommand.TCP_CONNECT_102);
        assertThat(errorText(stack().get(2))).contains("port 70000");
        assertThat(stack()).hasSize(3);
    }

    @Test
    void aGroupOfOneBroadcastsAndReducesToItself() {
        push(CmoZZ.of(1), CmoNull.INSTANCE);
        cmd(SmCommand.SET_RANK_102);
        Cmo data = CmoList.of(CmoString.of("d"), CmoZZ.of(5));
        push(data, CmoNull.INSTANCE);
        cmd(SmCommand.BCAST_102);
        assertThat(stack()).containsExactly(data);
        push(CmoNull.INSTANCE, CmoString.of("append"));
        cmd(SmCommand.REDUCE_102);
        assertThat(stack()).containsExactly(data);
        cmd(SmCommand.RESET_102);
        assertThat(stack()).containsExactly(data);
    }

    @Test
    void anUnknownOperatorLeavesTheDataBelowAnError() {
        push(CmoZZ.of(1), CmoNull.INSTANCE);
        cmd(SmCommand.SET_RANK_102);
        push(CmoZZ.of(9), CmoNull.INSTANCE, CmoString.of("-"));
        cmd(SmCommand.REDUCE_102);
        assertThat(stack()).hasSize(2);
        assertThat(stack().get(0)).isEqualTo(CmoZZ.of(9));
        assertThat(errorText(stack().get(1))).isEqualTo("Invalid opration in ox_reduce_102: -");
    }

    @Test
    void collectivesBeforeSetRankAreErrors() {
        push(CmoZZ.of(9), CmoNull.INSTANCE);
        cmd(SmCommand.BCAST_102);
        assertThat(errorText(stack().get(stack().size() - 1))).contains("SM_set_rank_102 first");
    }
}
