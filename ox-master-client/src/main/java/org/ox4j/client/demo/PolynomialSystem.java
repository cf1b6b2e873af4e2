package org.ox4j.client.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.client.OxClientException;

/**
 * A polynomial system in Asir syntax: a name, the variables and the polynomials. Text form: {@code #} comments, one
 * line {@code vars: x, y, z}, then one polynomial per line. Shipped systems: {@code katsura3}, {@code katsura4},
 * {@code cyclic4} (resources under {@code org/ox4j/client/demo/systems/}).
 */
public record PolynomialSystem(String name, List<String> variables, List<String> polynomials) {
    public PolynomialSystem {
        variables = List.copyOf(variables);
        polynomials = List.copyOf(polynomials);
        if (variables.isEmpty() || polynomials.isEmpty()) {
            throw new OxClientException("system " + name + ": needs a 'vars:' line and at least one polynomial");
        }
    }

    /** A shipped system by name, or a file path. */
    public static PolynomialSystem load(String nameOrPath) {
        String resource = "/org/ox4j/client/demo/systems/" + nameOrPath + ".txt";
        try (InputStream in = PolynomialSystem.class.getResourceAsStream(resource)) {
            if (in != null) {
                return parse(nameOrPath, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            Path p = Path.of(nameOrPath);
            return parse(p.getFileName().toString(), Files.readString(p));
        } catch (IOException e) {
            throw new OxClientException("cannot read system " + nameOrPath + ": " + e.getMessage(), e);
        }
    }

    /** Parses the text form. */
    public static PolynomialSystem parse(String name, String text) {
        List<String> vars = new ArrayList<>();
        List<String> polys = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("vars:")) {
                Arrays.stream(line.substring(5).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                        .forEach(vars::add);
            } else {
                if (!line.matches("[A-Za-z0-9_+\\-*^() ]+")) {
                    throw new OxClientException("system " + name + ": not a polynomial: " + line);
                }
                polys.add(line);
            }
        }
        return new PolynomialSystem(name, vars, polys);
    }

    /** {@code [x,y,z]} */
    public String variableList() {
        return "[" + String.join(",", variables) + "]";
    }

    /** {@code [f1,f2,...]} */
    public String polynomialList() {
        return "[" + String.join(",", polynomials) + "]";
    }
}
