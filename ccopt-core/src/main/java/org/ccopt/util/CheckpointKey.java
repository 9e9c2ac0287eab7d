package org.ccopt.util;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.ccopt.InvalidInputException;

/**
 * The user's key that signs checkpoints (HMAC-SHA256): a checkpoint whose state was edited, even with its checksum
 * recomputed, no longer carries a valid signature, and is refused instead of resumed. The key is 32 random bytes in
 * {@code checkpoint.key} under {@code $CCOPT_HOME}, else {@code $XDG_CONFIG_HOME/ccopt}, else {@code ~/.config/ccopt},
 * made on first use, readable by its owner alone; users who resume each other's runs (or one user on machines that
 * share no home) point {@code CCOPT_HOME} at one copy of it.
 */
public final class CheckpointKey {

    static final String FILE = "checkpoint.key";

    private static volatile byte[] key;

    private CheckpointKey() {
    }

    /** The folder of the key: {@code $CCOPT_HOME}, else {@code $XDG_CONFIG_HOME/ccopt}, else {@code ~/.config/ccopt}. */
    static Path folder() {
        String home = System.getenv("CCOPT_HOME");
        if (home != null && !home.isBlank()) {
            return Path.of(home);
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config"))
                .resolve("ccopt");
    }

    /** The signature of {@code bytes} under the user's key, in hexadecimal. */
    public static String sign(byte[] bytes) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(bytes));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key file's path, for messages. */
    static Path file() {
        return folder().resolve(FILE);
    }

    private static byte[] key() {
        byte[] k = key;
        if (k == null) {
            synchronized (CheckpointKey.class) {
                if (key == null) {
                    key = load(file());
                }
                k = key;
            }
        }
        return k;
    }

    /** Reads the key at {@code file}, making it first where there is none (a link: two processes make one key). */
    static byte[] load(Path file) {
        try {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(file.getParent(),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                byte[] random = new byte[32];
                new SecureRandom().nextBytes(random);
                Path tmp = Files.createTempFile(file.getParent(), ".key-", ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                try {
                    Files.writeString(tmp, HexFormat.of().formatHex(random) + "\n");
                    Files.createLink(file, tmp); // fails where another process made it first: its key is taken
                } catch (FileAlreadyExistsException madeMeanwhile) {
                    // read below
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            if (Files.isSymbolicLink(file) || !Files.isRegularFile(file)) {
                throw new InvalidInputException("the checkpoint key '" + file + "' is not a regular file; expected the "
                        + "key ccopt makes there (remove it, or set CCOPT_HOME to another folder)");
            }
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
            if (mode.contains(PosixFilePermission.GROUP_READ) || mode.contains(PosixFilePermission.OTHERS_READ)
                    || mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new InvalidInputException("the checkpoint key '" + file + "' is open to others ("
                        + PosixFilePermissions.toString(mode) + "); expected rw------- (chmod 600)");
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
            if (!text.matches("[0-9a-f]{64}")) {
                throw new InvalidInputException("the checkpoint key '" + file + "' is not a key ccopt made (64 hexadecimal "
                        + "digits); remove it to make a new one (checkpoints signed with it will no longer resume)");
            }
            return HexFormat.of().parseHex(text);
        } catch (IOException e) {
            throw new InvalidInputException("the checkpoint key '" + file + "' cannot be made or read ("
                    + e.getClass().getSimpleName() + "); expected a writable folder, or CCOPT_HOME naming one");
        }
    }
}
