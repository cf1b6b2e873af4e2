package org.ox4j.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.ox4j.client.core.OxClientException;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.MathcapViolationException;
import org.ox4j.protocol.OxTag;

/**
 * What a server's mathcap (spec §5.4) allows the client to send: SM codes (element 1) and the CMO tags listed
 * for {@code OX_DATA} (element 2). {@link #checkCommand} and {@link #checkData} throw
 * {@link MathcapViolationException} <em>before</em> anything is written, so a server never receives a tag it
 * cannot parse (which would desynchronise ox_asir's stream, spec §3.4).
 */
public final class ServerMathcap {
    private final CmoMathcap mathcap;
    private final String systemName;
    private final Set<Integer> smCodes;
    private final Set<Integer> dataTags;
    private final List<String> options;

    private ServerMathcap(CmoMathcap mathcap, String systemName, Set<Integer> smCodes, Set<Integer> dataTags,
            List<String> options) {
        this.mathcap = mathcap;
        this.systemName = systemName;
        this.smCodes = smCodes;
        this.dataTags = dataTags;
        this.options = options;
    }

    /** Reads the parts of a mathcap the client uses; a malformed mathcap is an {@link OxClientException}. */
    public static ServerMathcap parse(Cmo cmo) {
        if (!(cmo instanceof CmoMathcap m) || !(m.body() instanceof CmoList body) || body.size() < 3) {
            throw new OxClientException("server mathcap: " + cmo.type().specName()
                    + " (expected: CMO_MATHCAP of a LIST with at least 3 elements)");
        }
        String name = "";
        if (body.get(0) instanceof CmoList id && id.size() > 1 && id.get(1) instanceof CmoString s) {
            name = s.value();
        }
        Set<Integer> sm = new HashSet<>();
        for (Cmo c : list(body.get(1), "element 1 (SM codes)").elements()) {
            sm.add(int32(c, "SM code"));
        }
        Set<Integer> tags = new HashSet<>();
        for (Cmo pair : list(body.get(2), "element 2 (data formats)").elements()) {
            CmoList p = list(pair, "data format pair");
            if (p.size() >= 2 && int32(p.get(0), "OX tag") == OxTag.OX_DATA.code()) {
                for (Cmo t : list(p.get(1), "CMO tag list").elements()) {
                    tags.add(int32(t, "CMO tag"));
                }
            }
        }
        List<String> opts = new ArrayList<>();
        if (body.size() > 3 && body.get(3) instanceof CmoList o) {
            for (Cmo c : o.elements()) {
                if (c instanceof CmoString s) {
                    opts.add(s.value());
                }
            }
        }
        return new ServerMathcap(m, name, Collections.unmodifiableSet(sm), Collections.unmodifiableSet(tags),
                List.copyOf(opts));
    }

    private static CmoList list(Cmo c, String what) {
        if (c instanceof CmoList l) {
            return l;
        }
        throw new OxClientException("server mathcap " + what + ": " + c.type().specName() + " (expected: CMO_LIST)");
    }

    private static int int32(Cmo c, String what) {
        if (c instanceof CmoInt32 i) {
            return i.value();
        }
        throw new OxClientException("server mathcap " + what + ": " + c.type().specName() + " (expected: CMO_INT32)");
    }

    /** The mathcap exactly as received. */
    public CmoMathcap cmo() {
        return mathcap;
    }

    /** The system name of element (0), e.g. {@code ox_asir}. */
    public String systemName() {
        return systemName;
    }

    /** SM codes the server accepts. */
    public Set<Integer> smCodes() {
        return smCodes;
    }

    /** CMO tags the server accepts inside {@code OX_DATA}. */
    public Set<Integer> dataTags() {
        return dataTags;
    }

    /** Option strings of element (3), e.g. {@code no_ox_reset}. */
    public List<String> options() {
        return options;
    }

    /** True when the server implements the reset protocol (no {@code no_ox_reset} option, spec §7.3). */
    public boolean supportsReset() {
        return !options.contains("no_ox_reset");
    }

    public boolean allowsCommand(int code) {
        return smCodes.contains(code);
    }

    /** Throws {@link MathcapViolationException} when the server's mathcap does not list the SM code. */
    public void checkCommand(int code) {
        if (!allowsCommand(code)) {
            throw new MathcapViolationException("SM code " + code + " is not in the mathcap of " + describe());
        }
    }

    /** Throws {@link MathcapViolationException} when {@code cmo} contains a CMO tag the server does not list. */
    public void checkData(Cmo cmo) {
        Optional<Integer> bad = firstRefusedTag(cmo);
        if (bad.isPresent()) {
            throw new MathcapViolationException("CMO tag " + bad.get() + " (inside a " + cmo.type().specName()
                    + ") is not in the mathcap of " + describe());
        }
    }

    private String describe() {
        return systemName.isEmpty() ? "the server" : systemName;
    }

    /** The first tag, depth first, that the server does not accept. */
    Optional<Integer> firstRefusedTag(Cmo cmo) {
        if (!dataTags.contains(cmo.type().code())) {
            return Optional.of(cmo.type().code());
        }
        for (Cmo child : children(cmo)) {
            Optional<Integer> bad = firstRefusedTag(child);
            if (bad.isPresent()) {
                return bad;
            }
        }
        return Optional.empty();
    }

    private static List<Cmo> children(Cmo cmo) {
        if (cmo instanceof CmoList l) {
            return l.elements();
        } else if (cmo instanceof CmoRecursivePolynomial p) {
            return List.of(p.variables(), p.body());
        } else if (cmo instanceof CmoPolynomialInOneVariable u) {
            List<Cmo> c = new ArrayList<>();
            u.terms().forEach(t -> c.add(t.coefficient()));
            return c;
        } else if (cmo instanceof CmoDistributedPolynomial d) {
            List<Cmo> c = new ArrayList<>();
            c.add(d.ring());
            c.addAll(d.monomials());
            return c;
        } else if (cmo instanceof CmoMonomial32 m) {
            return List.of(m.coefficient());
        } else if (cmo instanceof CmoRational r) {
            return List.of(r.numerator(), r.denominator());
        } else if (cmo instanceof CmoComplex c) {
            return List.of(c.real(), c.imaginary());
        } else if (cmo instanceof CmoIndeterminate i) {
            return List.of(i.name());
        } else if (cmo instanceof CmoTree t) {
            return List.of(t.name(), t.attributes(), t.leaves());
        } else if (cmo instanceof CmoDmsOfNVariables d) {
            return List.of(d.description());
        } else if (cmo instanceof CmoRingByName r) {
            return List.of(r.name());
        }
        // Errors and mathcaps are not looked into (as Asir, spec §5.4); their bodies are primitive CMOs anyway.
        return List.of();
    }
}
