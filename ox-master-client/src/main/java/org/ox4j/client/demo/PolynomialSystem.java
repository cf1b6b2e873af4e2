package org.ox4j.client.demo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.client.core.OxClientException;

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

    /** A shipped system by name, katsuraN or cyclicN for any N (generated), or a file path. */
    public static PolynomialSystem load(String nameOrPath) {
        java.util.regex.Matcher generated = java.util.regex.Pattern.compile("(katsura|cyclic)(\\d{1,2})")
                .matcher(nameOrPath);
        if (generated.matches() && PolynomialSystem.class.getResource("/org/ox4j/client/demo/systems/" + nameOrPath
                + ".txt") == null) {
            int n = Integer.parseInt(generated.group(2));
            return generated.group(1).equals("katsura") ? katsura(n) : cyclic(n);
        }
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

    /** Katsura-n: n+1 unknowns u0 … un. */
    public static PolynomialSystem katsura(int n) {
        if (n < 1) {
            throw new OxClientException("katsura" + n + ": n must be at least 1");
        }
        List<String> vars = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            vars.add("u" + i);
        }
        List<String> polys = new ArrayList<>();
        StringBuilder lin = new StringBuilder("u0");
        for (int i = 1; i <= n; i++) {
            lin.append("+2*u").append(i);
        }
        polys.add(lin.append("-1").toString());
        for (int m = 0; m < n; m++) {
            StringBuilder q = new StringBuilder();
            for (int k = -n; k <= n; k++) {
                int a = Math.abs(k);
                int b = Math.abs(m - k);
                if (a <= n && b <= n) {
                    q.append(q.length() == 0 ? "" : "+").append("u").append(a).append("*u").append(b);
                }
            }
            polys.add(q.append("-u").append(m).toString());
        }
        return new PolynomialSystem("katsura" + n, vars, polys);
    }

    /** Cyclic-n: unknowns c0 … c(n-1). */
    public static PolynomialSystem cyclic(int n) {
        if (n < 2) {
            throw new OxClientException("cyclic" + n + ": n must be at least 2");
        }
        List<String> vars = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            vars.add("c" + i);
        }
        List<String> polys = new ArrayList<>();
        for (int d = 1; d < n; d++) {
            StringBuilder q = new StringBuilder();
            for (int i = 0; i < n; i++) {
                StringBuilder t = new StringBuilder();
                for (int k = 0; k < d; k++) {
                    t.append(k == 0 ? "" : "*").append("c").append((i + k) % n);
                }
                q.append(q.length() == 0 ? "" : "+").append(t);
            }
            polys.add(q.toString());
        }
        polys.add(String.join("*", vars) + "-1");
        return new PolynomialSystem("cyclic" + n, vars, polys);
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
