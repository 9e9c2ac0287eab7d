package org.ccopt;

/**
 * Bad user input: a spec, option or file that ccopt cannot accept. The message is one line that names
 * the offending value and what would be accepted; the CLI prints it and exits with code 2.
 */
public class InvalidInputException extends IllegalArgumentException {

    public InvalidInputException(String message) {
        super(message);
    }

    public InvalidInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
