package org.ox4j.client.shell;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxServerErrorException;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.text.AsirNotation;
import org.ox4j.protocol.SmCommand;

/**
 * Executes shell commands against one {@link OxClient} and prints the results. One instance per shell; the
 * interactive and the script front ends share it.
 */
final class ShellSession {
    /** Words the shell understands besides SM command names (for help and completion). */
    static final List<String> COMMANDS = List.of("push", "pop", "popString", "call", "exec", "mathcap", "getsp",
            "pops", "reset", "interrupt", "help", "quit", "exit");

    private final OxClient client;
    private final PrintWriter out;

    ShellSession(OxClient client, PrintWriter out) {
        this.client = client;
        this.out = out;
    }

    /** Words for completion: shell commands and every SM command name. */
    static List<String> completionWords() {
        List<String> words = new ArrayList<>(COMMANDS);
        for (SmCommand c : SmCommand.values()) {
            words.add(c.specName().substring(3));
        }
        return words;
    }

    /** Outcome of one line. */
    enum Result { OK, QUIT }

    /**
     * Runs one line. Throws on any failure (bad syntax, mathcap violation, server error, timeout); a popped
     * CMO_ERROR2 is printed and then reported as {@link OxServerErrorException}.
     */
    Result run(String line) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#")) {
            return Result.OK;
        }
        List<String> words = ShellLine.split(text);
        String cmd = words.get(0);
        String rest = ShellLine.rest(text);
        switch (cmd.toLowerCase(Locale.ROOT)) {
            case "quit", "exit" -> {
                return Result.QUIT;
            }
            case "help" -> help();
            case "push" -> {
                requireArgument(rest, "push VALUE");
                client.push(AsirValueParser.parse(rest));
            }
            case "pop", "popcmo" -> print(client.popCmoRaw());
            case "popstring" -> out.println(client.popString());
            case "getsp" -> out.println(client.stackSize());
            case "pops" -> {
                requireArgument(rest, "pops N");
                OxClient.await(client.popsAsync(Integer.parseInt(rest)), client.options().requestTimeout(), "pops");
            }
            case "mathcap" -> out.println(AsirNotation.readable(client.mathcap()));
            case "reset" -> {
                client.reset();
                out.println("reset done");
            }
            case "interrupt" -> client.interrupt();
            case "exec" -> {
                requireArgument(rest, "exec \"PROGRAM;\"");
                Cmo program = AsirValueParser.parse(rest);
                if (!(program instanceof org.ox4j.cmo.CmoString s)) {
                    throw new IllegalArgumentException("exec takes a string, e.g. exec \"1+2;\"");
                }
                print(OxClient.await(client.executeProgramRawAsync(s.value()), client.options().requestTimeout(),
                        "exec"));
            }
            case "call" -> call(words);
            default -> smCommand(cmd);
        }
        out.flush();
        return Result.OK;
    }

    private void call(List<String> words) {
        if (words.size() < 2) {
            throw new IllegalArgumentException("usage: call FUNCTION [ARG ...]");
        }
        Cmo[] args = new Cmo[words.size() - 2];
        for (int i = 2; i < words.size(); i++) {
            args[i - 2] = AsirValueParser.parse(words.get(i));
        }
        print(OxClient.await(client.callRawAsync(words.get(1), args), client.options().requestTimeout(),
                "call " + words.get(1)));
    }

    private void smCommand(String name) {
        Optional<SmCommand> c = SmCommand.fromName(name);
        if (c.isEmpty()) {
            throw new IllegalArgumentException("unknown command '" + name + "' (type help)");
        }
        switch (c.get()) {
            case POP_CMO -> print(client.popCmoRaw());
            case POP_STRING -> out.println(client.popString());
            case CONTROL_RESET_CONNECTION -> client.reset();
            case CONTROL_INTR -> client.interrupt();
            case CONTROL_KILL -> OxClient.await(client.killAsync(), client.options().requestTimeout(), "kill");
            case SHUTDOWN -> client.shutdown();
            default -> client.execute(c.get());
        }
    }

    private void print(Cmo cmo) {
        out.println(AsirNotation.readable(cmo));
        out.flush();
        if (cmo instanceof CmoError2 e) {
            throw new OxServerErrorException(e);
        }
    }

    private static void requireArgument(String rest, String usage) {
        if (rest.isEmpty()) {
            throw new IllegalArgumentException("usage: " + usage);
        }
    }

    private void help() {
        out.println("""
                push VALUE        push a value in Asir syntax: 12, -3/4, "str", [1,[2]], 3*x^2-1, int32(2)
                pop               SM_popCMO and print the object
                popString         SM_popString
                call F A1 A2 ...  SM_executeFunction F(A1, A2, ...) and pop the result
                exec "PROG;"      run every statement (SM_executeStringByLocalParser each), pop the last value
                getsp             number of objects on the server's stack
                pops N            remove N objects
                mathcap           the server's mathcap
                reset             reset protocol (control channel + sync balls)
                interrupt         SM_control_intr
                NAME              any SM command by name: executeFunction, dupErrors, pushCMOtag, nop, ...
                quit              leave (a server launched by oxsh is shut down)""");
    }
}
