package org.ox4j.client.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An mpirun-style host file: one host per line, optionally {@code slots=N} (default 1); {@code #} starts a
 * comment; {@code max_slots=N} is accepted and ignored. Ranks are placed by slot, as {@code mpirun --map-by
 * slot} does: the first host's slots get ranks 0, 1, ..., then the next host's.
 */
public record Hostfile(List<Entry> entries) {
    /** One host line. */
    public record Entry(String host, int slots) {
        public Entry {
            if (host.isBlank()) {
                throw new IllegalArgumentException("host: empty");
            }
            if (slots < 1) {
                throw new IllegalArgumentException("slots: " + slots + " (expected: >= 1)");
            }
        }
    }

    public Hostfile {
        entries = List.copyOf(entries);
    }

    public static Hostfile read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new OxLaunchException("cannot read host file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses host-file text; errors name the line. */
    public static Hostfile parse(String text) {
        List<Entry> entries = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            int slots = 1;
            for (int w = 1; w < words.length; w++) {
                String word = words[w].toLowerCase(Locale.ROOT);
                int eq = word.indexOf('=');
                String key = eq < 0 ? word : word.substring(0, eq);
                String value = eq < 0 ? "" : word.substring(eq + 1);
                switch (key) {
                    case "slots" -> slots = number(value, i + 1, "slots");
                    case "max_slots", "max-slots" -> number(value, i + 1, key);
                    default -> throw new OxLaunchException("host file line " + (i + 1) + ": unknown word '"
                            + words[w] + "' (expected: slots=N)");
                }
            }
            entries.add(new Entry(words[0], slots));
        }
        if (entries.isEmpty()) {
            throw new OxLaunchException("host file lists no host");
        }
        return new Hostfile(entries);
    }

    private static int number(String value, int line, String key) {
        try {
            int n = Integer.parseInt(value);
            if (n < 1) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new OxLaunchException("host file line " + line + ": " + key + "=" + value
                    + " (expected: a positive integer)");
        }
    }

    /** Total number of slots. */
    public int totalSlots() {
        return entries.stream().mapToInt(Entry::slots).sum();
    }

    /** The host of each rank 0..n-1; more ranks than slots is an error (no oversubscription). */
    public List<String> place(int n) {
        if (n > totalSlots()) {
            throw new OxLaunchException("host file has " + totalSlots() + " slot(s) for " + n
                    + " servers (expected: at least as many slots as servers)");
        }
        List<String> hosts = new ArrayList<>(n);
        for (Entry e : entries) {
            for (int s = 0; s < e.slots() && hosts.size() < n; s++) {
                hosts.add(e.host());
            }
        }
        return hosts;
    }
}
