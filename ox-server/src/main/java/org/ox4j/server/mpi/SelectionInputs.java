package org.ox4j.server.mpi;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.coll.Algorithms;
import org.ox4j.mpi.coll.Collective;
import org.ox4j.mpi.coll.Collectives;
import org.ox4j.mpi.coll.MeasuredChoices;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.cost.CostModel;
import org.ox4j.server.eval.EvaluationException;

/**
 * What a member selects collective algorithms with: the cost model and the measured choices. Every member of a world
 * adopts rank 0's before its first collective ({@link #agree}): each server loads them from its own files
 * ({@code ox.coll.costModel}, {@code ox.coll.measuredChoices}), and members that loaded different files (another
 * checkout, another host's measurements, a file only some of them were given) would pick different algorithms of one
 * collective and wait on each other for messages that never come. Why rank 0's: it is the root of every RFC-102
 * broadcast and the member a master talks to first. One small allgather per world with a fixed algorithm, so no
 * selection is needed for it.
 */
record SelectionInputs(CostModel model, MeasuredChoices measured) {
    SelectionInputs {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(measured, "measured");
    }

    /**
     * Rank 0's inputs, at every member of {@code k}'s communicator (a collective call: every member calls it; {@code
     * mine} is read at rank 0 only).
     */
    static SelectionInputs agree(Collectives k, SelectionInputs mine) {
        // an allgather, not a broadcast from rank 0: every member leaves it once all have arrived, so none starts
        // the collective that follows ahead of the others (a root that only sends would, and its waits would then
        // end first when a member fails during that collective, naming a live peer)
        List<Payload> all = k.allgather(Payload.of(k.communicator().rank() == 0 ? mine.toCmo() : CmoList.of()),
                (Algorithms.Allgather) k.selector().byName(Collective.ALLGATHER, "linear"));
        return k.communicator().rank() == 0 ? mine : fromCmo(all.get(0).cmo());
    }

    /** [Model, [[Collective, P, Bytes, Algorithm], ...]] with the model as {@code mpi_cost_model} lists it. */
    Cmo toCmo() {
        List<Cmo> choices = new ArrayList<>();
        for (MeasuredChoices.Choice c : measured.choices()) {
            choices.add(CmoList.of(CmoString.of(c.collective().propertyName()), CmoIntegers.of(c.p()),
                    CmoIntegers.of(c.bytes()), CmoString.of(c.algorithm())));
        }
        return CmoList.of(MpiFunctions.modelToCmo(model), new CmoList(choices));
    }

    /** Inverse of {@link #toCmo}; {@link EvaluationException} for anything else. */
    static SelectionInputs fromCmo(Cmo c) {
        if (!(c instanceof CmoList l) || l.size() != 2 || !(l.get(1) instanceof CmoList choices)) {
            throw invalid(c);
        }
        List<MeasuredChoices.Choice> out = new ArrayList<>();
        for (Cmo e : choices.elements()) {
            if (!(e instanceof CmoList x) || x.size() != 4 || !(x.get(0) instanceof CmoString name)
                    || !(x.get(3) instanceof CmoString algorithm)) {
                throw invalid(c);
            }
            Collective k = Collective.fromName(name.value()).orElseThrow(() -> invalid(c));
            BigInteger p = CmoIntegers.value(x.get(1)).orElseThrow(() -> invalid(c));
            BigInteger bytes = CmoIntegers.value(x.get(2)).orElseThrow(() -> invalid(c));
            if (p.signum() <= 0 || p.bitLength() > 31 || bytes.signum() < 0
                    || bytes.bitLength() > 62) {
                throw invalid(c);
            }
            out.add(new MeasuredChoices.Choice(k, p.intValue(), bytes.longValue(), algorithm.value()));
        }
        return new SelectionInputs(MpiFunctions.modelFromCmo(l.get(0)), MeasuredChoices.of(out));
    }

    private static EvaluationException invalid(Cmo c) {
        return new EvaluationException("mpi: selection inputs " + c.type()
                + " (expected: [Model, [[Collective, P, Bytes, Algorithm], ...]])");
    }
}
