package org.ox4j.server.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.coll.Collective;
import org.ox4j.mpi.coll.MeasuredChoices;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.server.eval.EvaluationException;

class SelectionInputsTest {
    private static final CostModel MODEL = CostModel.hockney(40e-6, 40e-6 / 5000, 1e-9);

    @Test
    void modelAndChoicesSurviveTheirListForm() {
        MeasuredChoices m = MeasuredChoices.of(List.of(
                new MeasuredChoices.Choice(Collective.ALLREDUCE, 8, 1 << 20, "ring"),
                new MeasuredChoices.Choice(Collective.BCAST, 4, 0, "linear")));
        SelectionInputs back = SelectionInputs.fromCmo(new SelectionInputs(MODEL, m).toCmo());
        assertThat(back.model()).isEqualTo(MODEL);
        assertThat(back.measured().choices()).isEqualTo(m.choices());
        assertThat(back.measured().algorithm(Collective.BCAST, 4, 2)).contains("linear");
        SelectionInputs none = SelectionInputs.fromCmo(new SelectionInputs(MODEL, MeasuredChoices.NONE).toCmo());
        assertThat(none.measured().choices()).isEmpty();
    }

    @Test
    void anythingElseIsAClearError() {
        CmoList model = (CmoList) MpiFunctions.modelToCmo(MODEL);
        for (var bad : List.of(CmoZZ.of(1), CmoList.of(model),
                CmoList.of(model, CmoList.of(CmoList.of(CmoString.of("nosuch"), CmoZZ.of(2), CmoZZ.of(8),
                        CmoString.of("ring")))),
                CmoList.of(model, CmoList.of(CmoList.of(CmoString.of("bcast"), CmoNull.INSTANCE, CmoZZ.of(8),
                        CmoString.of("linear")))),
                CmoList.of(model, CmoList.of(CmoList.of(CmoString.of("bcast"), CmoZZ.of(2), CmoZZ.of(-8),
                        CmoString.of("linear")))))) {
            assertThatThrownBy(() -> SelectionInputs.fromCmo(bad)).isInstanceOf(EvaluationException.class)
                    .hasMessageContaining("selection inputs");
        }
    }
}
