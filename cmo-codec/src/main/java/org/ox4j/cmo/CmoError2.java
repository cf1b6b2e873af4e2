package org.ox4j.cmo;

import java.util.Objects;
import java.util.Optional;

/**
 * {@code CMO_ERROR2}: an error object wrapping one CMO, by convention a LIST whose first element is the serial
 * of the OX message that caused the error. ox_asir's form is {@code [INT32 serial, INT32 -1, STRING message,
 * LIST trace]}; {@link #of(int, String)} builds that form.
 */
public record CmoError2(Cmo body) implements Cmo {
    public CmoError2 {
        Objects.requireNonNull(body, "body");
    }

    /** The error ox_asir would produce for a failing command with this serial. */
    public static CmoError2 of(int serial, String message) {
        return new CmoError2(CmoList.of(new CmoInt32(serial), new CmoInt32(-1), CmoString.of(message), CmoList.EMPTY));
    }

    /** The serial number in element 0, when the body has the conventional form. */
    public Optional<Integer> serial() {
        if (body instanceof CmoList l && l.size() > 0 && l.get(0) instanceof CmoInt32 i) {
            return Optional.of(i.value());
        }
        return Optional.empty();
    }

    /** The message (element 2 of Asir's form, element 1 or 2 of the toolkit's), when present. */
    public Optional<String> message() {
        if (body instanceof CmoList l) {
            for (int i = 1; i < l.size(); i++) {
                if (l.get(i) instanceof CmoString s) {
                    return Optional.of(s.value());
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public CmoType type() {
        return CmoType.ERROR2;
    }
}
