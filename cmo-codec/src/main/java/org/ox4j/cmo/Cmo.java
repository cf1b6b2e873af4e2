package org.ox4j.cmo;

/**
 * A Common Mathematical Object: an immutable value that has exactly one encoding on the OX wire.
 *
 * <p>The permitted subtypes mirror the CMO tags of the OpenXM specification one to one (see
 * {@link CmoType}). Values are deeply immutable, so they may be shared between threads, stacks and
 * connections without copying.
 */
public sealed interface Cmo permits CmoNull, CmoInt32, CmoDatum, CmoString, CmoMathcap, CmoArray, CmoList,
        CmoAtom, CmoMonomial32, CmoZZ, CmoQQ, CmoZero, CmoDmsGeneric, CmoDmsOfNVariables, CmoRingByName,
        CmoRecursivePolynomial, CmoDistributedPolynomial, CmoPolynomialInOneVariable, CmoRational, CmoComplex,
        CmoMachineDouble, CmoBigFloat, CmoIeeeDouble, CmoBigFloat32, CmoIndeterminate, CmoTree, CmoLambda,
        CmoError, CmoError2 {

    /** The wire type of this value. */
    CmoType type();
}
