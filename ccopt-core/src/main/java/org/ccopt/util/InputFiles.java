package org.ccopt.util;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;

/**
 * Reads a text file a user names (a parameter, mapping, placement, experiment or topology file) with the checks every
 * such read needs: it exists, is a regular file (not a directory, a device such as {@code /dev/zero} or a pipe), is at
 * most {@link #MAX_BYTES} long and is UTF-8 text; each failure is one line naming the file and what was expected.
 */
public final class InputFiles {

    /** The largest input file read (bytes). */
    public static final long MAX_BYTES = 256L << 20;

    private InputFiles() {
    }

    /**
     * @param what     what the file is, for messages ("mapping file")
     * @param expected what a good file is, for messages ("a JSON file written by 'ccopt sim --save-params'")
     */
    public static String read(Path file, String what, String expected) {
        try {
            if (!Files.exists(file)) {
                throw new InvalidInputException(what + " '" + file + "' does not exist; expected " + expected);
            }
            if (!Files.isRegularFile(file)) {
                throw new InvalidInputException(what + " '" + file + "' is not a regular file; expected " + expected);
            }
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new InvalidInputException(what + " '" + file + "' has " + size + " bytes; at most " + MAX_BYTES
                        + " are read");
            }
            return Files.readString(file);
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(what + " '" + file + "' is not UTF-8 text; expected " + expected);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(what + " '" + file + "' does not exist; expected " + expected);
        } catch (AccessDeniedException e) {
            throw new InvalidInputException(what + " '" + file + "' cannot be read: permission denied");
        } catch (IOException e) {
            throw new InvalidInputException(what + " '" + file + "' cannot be read: " + e);
        }
    }
}
