package org.ox4j.server.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.coll.ReduceOp;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.server.eval.EvaluationException;

class MpiOpsTest {
    @Test
    void sumAndProductOnIntegersUnderBothNames() {
        for (String n : new String[] {"+", "sum"}) {
            ReduceOp op = MpiOps.resolve(n, null, "t");
            assertThat(op.isCommutative()).isTrue();
            assertThat(op.apply(Payload.of(CmoZZ.of(40)), Payload.of(new CmoZZ(BigInteger.TWO.pow(70)))).cmo())
                    .isEqualTo(new CmoZZ(BigInteger.TWO.pow(70).add(BigInteger.valueOf(40))));
        }
        assertThat(MpiOps.resolve("prod", null, "t").apply(Payload.of(CmoZZ.of(6)), Payload.of(CmoZZ.of(7))).cmo())
                .isEqualTo(CmoZZ.of(42));
        assertThat(MpiOps.resolve("max", null, "t").apply(Payload.of(CmoZZ.of(-6)), Payload.of(CmoZZ.of(5))).cmo())
                .isEqualTo(CmoZZ.of(5));
    }

    @Test
    void appendKeepsOperandOrderAndIsNotCommutative() {
        ReduceOp op = MpiOps.resolve("append", null, "t");
        assertThat(op.isCommutative()).isFalse();
        assertThat(op.apply(Payload.of(CmoList.of(CmoZZ.of(1))), Payload.of(CmoZZ.of(2))).cmo())
                .isEqualTo(CmoList.of(CmoZZ.of(1), CmoZZ.of(2)));
    }

    @Test
    void unknownOperationNamesTheChoices() {
        assertThatThrownBy(() -> MpiOps.resolve("no_such", null, "mpi_allreduce"))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("mpi_allreduce : operation not supported");
    }

    @Test
    void costModelSurvivesItsListForm() {
        CostModel m = CostModel.packet(3.5e-5, 4.25e-10, 1e-10, CostModel.TCP_PAYLOAD, CostModel.TCP_HEADER);
        assertThat(MpiFunctions.modelFromCmo(MpiFunctions.modelToCmo(m))).isEqualTo(m);
        CostModel shared = new CostModel(CostModel.Kind.HOCKNEY, 5e-5, 1e-9, 3e-10, 0, 0, 4e-10, 2, 2e-4, 3e-4);
        assertThat(MpiFunctions.modelFromCmo(MpiFunctions.modelToCmo(shared))).isEqualTo(shared);
        // the six-element form of earlier versions: no host terms
        CmoList six = CmoList.of(CmoString.of("HOCKNEY"), CmoIeeeDouble.of(5e-5), CmoIeeeDouble.of(1e-9),
                CmoIeeeDouble.of(3e-10), CmoZZ.of(0), CmoZZ.of(0));
        assertThat(MpiFunctions.modelFromCmo(six)).isEqualTo(CostModel.hockney(5e-5, 1e-9, 3e-10));
        // the nine-element form of earlier versions: streams open at no cost of their own
        CmoList nine = CmoList.of(CmoString.of("HOCKNEY"), CmoIeeeDouble.of(5e-5), CmoIeeeDouble.of(1e-9),
                CmoIeeeDouble.of(3e-10), CmoZZ.of(0), CmoZZ.of(0), CmoIeeeDouble.of(4e-10), CmoZZ.of(2),
                CmoIeeeDouble.of(2e-4));
        assertThat(MpiFunctions.modelFromCmo(nine))
                .isEqualTo(new CostModel(CostModel.Kind.HOCKNEY, 5e-5, 1e-9, 3e-10, 0, 0, 4e-10, 2, 2e-4, 0));
        assertThatThrownBy(() -> MpiFunctions.modelFromCmo(CmoZZ.of(1))).isInstanceOf(EvaluationException.class);
    }
}
