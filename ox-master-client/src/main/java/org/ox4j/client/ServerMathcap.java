package org.ox4j.client;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.ox4j.client.core.OxClientException;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.MathcapViolationException;
import org.ox4j.cmo.mathcap.Mathcap;

/**
 * The client's policy on a server's mathcap (spec §5.4, read by the one mathcap model, {@link Mathcap}): the SM codes
 * and the {@code OX_DATA} CMO tags it lists are what the client may send. {@link #checkCommand} and {@link #checkData}
 * throw {@link MathcapViolationException} <em>before</em> anything is written, so a server never receives a tag it
 * cannot parse (which would desynchronise ox_asir's stream, spec §3.4).
 */
public final class ServerMathcap {
    private final CmoMathcap cmo;
    private final Mathcap mathcap;

    private ServerMathcap(CmoMathcap cmo, Mathcap mathcap) {
        this.cmo = cmo;
        this.mathcap = mathcap;
    }

    /** Reads a server's mathcap; a malformed one is an {@link OxClientException}. */
    public static ServerMathcap parse(Cmo cmo) {
        if (!(cmo instanceof CmoMathcap m)) {
            throw new OxClientException("server mathcap: " + cmo.type().specName() + " (expected: CMO_MATHCAP)");
        }
        try {
            return new ServerMathcap(m, Mathcap.parse(m));
        } catch (CmoFormatException e) {
            throw new OxClientException("server mathcap: " + e.getMessage(), e);
        }
    }

    /** The mathcap exactly as received. */
    public CmoMathcap cmo() {
        return cmo;
    }

    /** The parsed mathcap. */
    public Mathcap mathcap() {
        return mathcap;
    }

    /** The system name of element (0), e.g. {@code ox_asir}. */
    public String systemName() {
        return mathcap.systemName();
    }

    /** SM codes the server accepts. */
    public Set<Integer> smCodes() {
        return Set.copyOf(new TreeSet<>(mathcap.smCodes()));
    }

    /** CMO tags the server accepts inside {@code OX_DATA}. */
    public Set<Integer> dataTags() {
        return Set.copyOf(mathcap.cmoTags());
    }

    /** Option strings of element (3), e.g. {@code no_ox_reset}. */
    public List<String> options() {
        return mathcap.options();
    }

    /** True when the server implements the reset protocol (no {@code no_ox_reset} option, spec §7.3). */
    public boolean supportsReset() {
        return mathcap.supportsReset();
    }

    public boolean allowsCommand(int code) {
        return mathcap.acceptsCommand(code);
    }

    /** Throws {@link MathcapViolationException} when the server's mathcap does not list the SM code. */
    public void checkCommand(int code) {
        if (!allowsCommand(code)) {
            throw new MathcapViolationException("SM code " + code + " is not in the mathcap of " + describe());
        }
    }

    /** Throws {@link MathcapViolationException} when {@code cmo} contains a CMO tag the server does not list. */
    public void checkData(Cmo value) {
        Optional<Integer> bad = mathcap.firstRefusedTag(value);
        if (bad.isPresent()) {
            throw new MathcapViolationException("CMO tag " + bad.get() + " (inside a " + value.type().specName()
                    + ") is not in the mathcap of " + describe());
        }
    }

    private String describe() {
        return systemName().isEmpty() ? "the server" : systemName();
    }
}
