package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The step diagram: a legend of the senders' colours, distinct for up to 64 senders, by step beyond. */
class SchedulePictureTest {

    @TempDir
    Path dir;

    @Test
    void sixtyFourSendersGetSixtyFourColours() {
        Set<Integer> rgb = new HashSet<>();
        for (int k = 0; k < SchedulePicture.MAX_SENDER_COLOURS; k++) {
            rgb.add(SchedulePicture.colour(k).getRGB());
        }
        assertThat(rgb).hasSize(SchedulePicture.MAX_SENDER_COLOURS);
        // neighbours in the legend never share a tone
        for (int k = 0; k + 1 < SchedulePicture.MAX_SENDER_COLOURS; k++) {
            float[] a = Color.RGBtoHSB(SchedulePicture.colour(k).getRed(), SchedulePicture.colour(k).getGreen(),
                    SchedulePicture.colour(k).getBlue(), null);
            float[] b = Color.RGBtoHSB(SchedulePicture.colour(k + 1).getRed(), SchedulePicture.colour(k + 1).getGreen(),
                    SchedulePicture.colour(k + 1).getBlue(), null);
            assertThat(Math.abs(a[1] - b[1]) + Math.abs(a[0] - b[0])).isGreaterThan(0.2f);
        }
    }

    @Test
    void theLegendNamesEverySenderOrSaysColoursAreBySteps() throws Exception {
        List<ScheduleValidator.Item> few = List.of(new ScheduleValidator.Item(0, 1, 0, 0, new int[] {0, 1}),
                new ScheduleValidator.Item(2, 3, 2, 1, new int[] {2, 3}));
        Path svg = dir.resolve("few.svg");
        SchedulePicture.write(svg, few, 2, "two senders");
        String text = Files.readString(svg);
        assertThat(text).contains(">sender<", ">sender 0<", ">sender 2<");
        List<ScheduleValidator.Item> many = new ArrayList<>();
        for (int s = 0; s < 70; s++) {
            many.add(new ScheduleValidator.Item(s, s + 1, s, s % 3, new int[] {s, s + 1}));
        }
        Path big = dir.resolve("many.svg");
        SchedulePicture.write(big, many, 3, "seventy senders");
        assertThat(Files.readString(big)).contains("step (70 senders: colours by step)", ">step 3<")
                .doesNotContain(">sender 69<");
    }
}
