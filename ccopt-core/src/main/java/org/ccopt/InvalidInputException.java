package org.ccopt;

/**
 * Bad user input: a spec, option or file that ccopt cannot accept. The message is one line that names
 * the offending value and what would be accepted; the CLI prints it and exits with code 2.
 */
public class InvalidInputException extends IllegalArgumentException {

    private final String parameter;

    public InvalidInputException(String message) {
        super(message);
        this.parameter = null;
    }

    private InvalidInputException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    /**
     * A bad value of a named parameter: the message is {@code name + " " + rest}, in the library's words (e.g.
     * "population 1 is invalid; expected >= 2"). A front end that takes the parameter as an option may name the
     * option instead (the CLI prints "--population 1 ...").
     */
    public static InvalidInputException parameter(String name, String rest) {
        return new InvalidInputException(name, name + " " + rest);
    }

    /**
     * The index of the first control character of {@code text} (a line break, tab, escape or other C0/C1 code), or -1:
     * a value holding one is refused with its position, never quoted, since it would break the one-line error.
     */
    public static int controlCharacter(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                return i;
            }
        }
        return -1;
    }

    /** The parameter the message starts with, or null. */
    public String parameter() {
        return parameter;
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
        this.parameter = null;
    }
}
