package org.ox4j.cmo.mathcap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;

/**
 * Typed view of a {@code CMO_MATHCAP}: what a peer says it understands (specs: stack-machine.md, "Mathcap").
 * On the wire a mathcap is {@code MATHCAP(LIST[ident, smCodes, dataFormats (, options)])} with
 *
 * <ul>
 *   <li>{@code ident = LIST[INT32 version, STRING systemName, STRING info...]},
 *   <li>{@code smCodes = LIST[INT32...]} — the SM commands the peer executes,
 *   <li>{@code dataFormats = LIST[LIST[INT32 oxTag, LIST[INT32 tag...]]...]} — for each OX message tag the
 *       CMO tags (for {@code OX_DATA}, 514) or subtypes (for local objects) it accepts. This is the pair
 *       form every implementation writes and Asir's parser requires; the {@code [[514],[...]]} form drawn in
 *       the written specification is rejected,
 *   <li>optional {@code options = LIST[STRING...]}, e.g. {@code "no_ox_reset"} (the peer has no reset
 *       protocol) or {@code "key=value"} entries.
 * </ul>
 *
 * {@link #toCmo()} reproduces a parsed mathcap exactly, except that an empty option list is not written.
 *
 * @param version     protocol/system version number (Asir: 199901160)
 * @param systemName  e.g. {@code "ox_asir"} or {@code "asir"}
 * @param systemInfo  further identification strings after the name (may be empty)
 * @param smCodes     accepted SM command codes, in the peer's order
 * @param dataFormats accepted CMO tags per OX message tag, in the peer's order
 * @param options     option strings (may be empty)
 */
public record Mathcap(int version, String systemName, List<String> systemInfo, List<Integer> smCodes,
        Map<Integer, List<Integer>> dataFormats, List<String> options) {

    /** {@code OX_DATA}: the OX tag whose entry lists the CMO tags a peer accepts. */
    public static final int OX_DATA = 514;
    /** {@code OX_LOCAL_OBJECT_ASIR}: Asir's private serialisation (entry lists subtypes 0 and 1). */
    public static final int OX_LOCAL_OBJECT_ASIR = 0x7fcdef30;
    /** The version number Asir and ox_asir send. */
    public static final int ASIR_VERSION = 199901160;
    /** Option marking a server without the reset protocol. */
    public static final String NO_OX_RESET = "no_ox_reset";

    public Mathcap {
        Objects.requireNonNull(systemName, "systemName");
        systemInfo = List.copyOf(systemInfo);
        smCodes = List.copyOf(smCodes);
        Map<Integer, List<Integer>> copy = new LinkedHashMap<>();
        dataFormats.forEach((k, v) -> copy.put(Objects.requireNonNull(k), List.copyOf(v)));
        dataFormats = java.util.Collections.unmodifiableMap(copy);
        options = List.copyOf(options);
    }

    /** Whether the peer lists SM code {@code code}. */
    public boolean acceptsCommand(int code) {
        return smCodes.contains(code);
    }

    /** The CMO tags the peer accepts inside {@code OX_DATA} (empty if it lists none). */
    public List<Integer> cmoTags() {
        return dataFormats.getOrDefault(OX_DATA, List.of());
    }

    /** Whether the peer lists CMO tag {@code tag} under {@code OX_DATA}. */
    public boolean acceptsCmoTag(int tag) {
        return cmoTags().contains(tag);
    }

    /** The CMO tags listed under {@code OX_DATA}, for checking many values against them. */
    public AcceptedCmoTags acceptedCmoTags() {
        return new AcceptedCmoTags(cmoTags());
    }

    /**
     * The first CMO tag inside {@code value} that this mathcap does not list under {@code OX_DATA}
     * ({@link AcceptedCmoTags#firstRefused}); empty if it lists them all.
     */
    public Optional<Integer> firstRefusedTag(Cmo value) {
        return acceptedCmoTags().firstRefused(value);
    }

    /** Whether the peer accepts every tag of {@code value} ({@link #firstRefusedTag}). */
    public boolean accepts(Cmo value) {
        return firstRefusedTag(value).isEmpty();
    }

    /** Whether the peer implements the reset protocol (no {@code "no_ox_reset"} option). */
    public boolean supportsReset() {
        return !options.contains(NO_OX_RESET);
    }

    /** The value of a {@code key=value} option, if present. */
    public Optional<String> option(String key) {
        String prefix = key + "=";
        for (String o : options) {
            if (o.startsWith(prefix)) {
                return Optional.of(o.substring(prefix.length()));
            }
        }
        return Optional.empty();
    }

    /** A builder; version defaults to {@link #ASIR_VERSION}. */
    public static Builder builder(String systemName) {
        return new Builder(systemName);
    }

    /** The wire form. */
    public CmoMathcap toCmo() {
        List<Cmo> ident = new ArrayList<>();
        ident.add(new CmoInt32(version));
        ident.add(CmoString.of(systemName));
        systemInfo.forEach(s -> ident.add(CmoString.of(s)));
        List<Cmo> formats = new ArrayList<>();
        dataFormats.forEach((ox, tags) -> formats.add(CmoList.of(new CmoInt32(ox), ints(tags))));
        List<Cmo> top = new ArrayList<>();
        top.add(new CmoList(ident));
        top.add(ints(smCodes));
        top.add(new CmoList(formats));
        if (!options.isEmpty()) {
            List<Cmo> opts = new ArrayList<>();
            options.forEach(o -> opts.add(CmoString.of(o)));
            top.add(new CmoList(opts));
        }
        return new CmoMathcap(new CmoList(top));
    }

    private static CmoList ints(List<Integer> values) {
        List<Cmo> out = new ArrayList<>(values.size());
        values.forEach(v -> out.add(new CmoInt32(v)));
        return new CmoList(out);
    }

    /**
     * Reads a mathcap. Element 0 must start with INT32 version and STRING name (further entries must be
     * strings), element 1 must hold INT32s, element 2 must hold {@code [INT32, LIST[INT32...]]} pairs, and an
     * element 3, if present, STRINGs; further elements are ignored.
     *
     * @throws CmoFormatException if the structure is not that of a mathcap
     */
    public static Mathcap parse(CmoMathcap cmo) {
        CmoList top = list(cmo.body(), "mathcap");
        if (top.size() < 3) {
            throw new CmoFormatException("mathcap elements: " + top.size() + " (expected: >= 3)");
        }
        CmoList ident = list(top.get(0), "mathcap identification");
        if (ident.size() < 2) {
            throw new CmoFormatException("mathcap identification elements: " + ident.size() + " (expected: >= 2)");
        }
        int version = int32(ident.get(0), "mathcap version");
        String name = string(ident.get(1), "mathcap system name");
        List<String> info = new ArrayList<>();
        for (int i = 2; i < ident.size(); i++) {
            info.add(string(ident.get(i), "mathcap identification entry " + i));
        }
        List<Integer> sm = int32s(list(top.get(1), "mathcap SM codes"), "mathcap SM code");
        Map<Integer, List<Integer>> formats = new LinkedHashMap<>();
        for (Cmo entry : list(top.get(2), "mathcap data formats").elements()) {
            CmoList pair = list(entry, "mathcap data format entry");
            if (pair.size() != 2) {
                throw new CmoFormatException("mathcap data format entry elements: " + pair.size()
                        + " (expected: 2, the pair form [oxTag, [cmoTags...]])");
            }
            int ox = int32(pair.get(0), "mathcap OX tag");
            formats.put(ox, int32s(list(pair.get(1), "mathcap CMO tags of OX tag " + ox), "mathcap CMO tag"));
        }
        List<String> options = new ArrayList<>();
        if (top.size() > 3) {
            for (Cmo o : list(top.get(3), "mathcap options").elements()) {
                options.add(string(o, "mathcap option"));
            }
        }
        return new Mathcap(version, name, info, sm, formats, options);
    }

    /** {@link #parse} of a value that should be a mathcap; empty if it is not one or is malformed. */
    public static Optional<Mathcap> tryParse(Cmo cmo) {
        if (!(cmo instanceof CmoMathcap m)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(m));
        } catch (CmoFormatException e) {
            return Optional.empty();
        }
    }

    private static CmoList list(Cmo c, String what) {
        if (c instanceof CmoList l) {
            return l;
        }
        throw new CmoFormatException(what + ": " + c.type().specName() + " (expected: CMO_LIST)");
    }

    private static int int32(Cmo c, String what) {
        if (c instanceof CmoInt32 i) {
            return i.value();
        }
        throw new CmoFormatException(what + ": " + c.type().specName() + " (expected: CMO_INT32)");
    }

    private static String string(Cmo c, String what) {
        if (c instanceof CmoString s) {
            return s.value();
        }
        throw new CmoFormatException(what + ": " + c.type().specName() + " (expected: CMO_STRING)");
    }

    private static List<Integer> int32s(CmoList l, String what) {
        List<Integer> out = new ArrayList<>(l.size());
        for (Cmo c : l.elements()) {
            out.add(int32(c, what));
        }
        return out;
    }

    /** Mutable builder for {@link Mathcap}. */
    public static final class Builder {
        private final String systemName;
        private int version = ASIR_VERSION;
        private final List<String> systemInfo = new ArrayList<>();
        private final List<Integer> smCodes = new ArrayList<>();
        private final Map<Integer, List<Integer>> dataFormats = new LinkedHashMap<>();
        private final List<String> options = new ArrayList<>();

        private Builder(String systemName) {
            this.systemName = Objects.requireNonNull(systemName, "systemName");
        }

        public Builder version(int v) {
            version = v;
            return this;
        }

        public Builder systemInfo(String... info) {
            systemInfo.addAll(List.of(info));
            return this;
        }

        public Builder smCodes(int... codes) {
            for (int c : codes) {
                smCodes.add(c);
            }
            return this;
        }

        /** The CMO tags accepted inside OX_DATA. */
        public Builder cmoTags(int... tags) {
            return dataFormat(OX_DATA, tags);
        }

        public Builder dataFormat(int oxTag, int... tags) {
            List<Integer> l = dataFormats.computeIfAbsent(oxTag, k -> new ArrayList<>());
            for (int t : tags) {
                l.add(t);
            }
            return this;
        }

        public Builder options(String... opts) {
            options.addAll(List.of(opts));
            return this;
        }

        public Mathcap build() {
            return new Mathcap(version, systemName, systemInfo, smCodes, dataFormats, options);
        }
    }
}
