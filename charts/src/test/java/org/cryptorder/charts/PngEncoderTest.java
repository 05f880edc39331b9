package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The charts' PNG: ImageIO reads back every pixel as drawn, whatever the image holds. */
class PngEncoderTest {
    @Test
    void aDecoderReadsEveryPixelAsDrawn() throws Exception {
        BufferedImage drawn = new BufferedImage(301, 97, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = drawn.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 301, 97);
        g.setColor(new Color(0x1f77b4));
        g.drawLine(0, 0, 300, 96);
        g.drawString("cryptorder", 20, 50);
        g.dispose();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 500; i++) {  // noise, which no filter would have helped: only the bytes matter
            drawn.setRGB(random.nextInt(301), random.nextInt(97), random.nextInt(1 << 24));
        }
        byte[] png = PngEncoder.encode(drawn);
        BufferedImage read = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(read.getWidth()).isEqualTo(301);
        assertThat(read.getHeight()).isEqualTo(97);
        for (int y = 0; y < 97; y++) {
            for (int x = 0; x < 301; x++) {
                assertThat(read.getRGB(x, y) & 0xffffff).as("pixel %d,%d", x, y).isEqualTo(drawn.getRGB(x, y) & 0xffffff);
            }
        }
    }

    @Test
    void onlyRgbImagesOfInts() {
        assertThatThrownBy(() -> PngEncoder.encode(new BufferedImage(2, 2, BufferedImage.TYPE_BYTE_GRAY)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
