import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../extension/core/contracts/toolErrors';
import { fitImage, IMAGE_TARGET_BYTES } from '../../../../extension/tools/shared/imageFit';
import type { ImageLibraryLoader } from '../../../../extension/tools/shared/imageLibrary';

/** The library as on a platform without sharp's binary. */
const missing: ImageLibraryLoader = async () => ({ error: 'Could not load the "sharp" module using the linux-x64 runtime' });

describe('tools/shared/imageFit', () => {
  it('sends an image that fits as it is when the library cannot load', async () => {
    const png = await sharp({ create: { width: 3000, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    const fitted = await fitImage(png, '/proj/a.png', missing);
    expect(fitted).toEqual({ block: { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } } });
  });

  it('refuses an image over the limit when the library cannot load, naming why', async () => {
    const big = Buffer.alloc(IMAGE_TARGET_BYTES + 10);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const error = await fitImage(big, '/proj/huge.png', missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toBe(
      'Image /proj/huge.png is 5.00 MB as base64, over the 5.00 MB an image may be, and Codewright could not load its image library to downscale it ' +
        '(Could not load the "sharp" module using the linux-x64 runtime). Make a smaller copy, e.g. with a shell command, and read that.',
    );
  });

  it('turns a PNG photo that no PNG encoding brings under the limit into a JPEG', async () => {
    const photo = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 90 } } })
      .png()
      .toBuffer();
    const fitted = await fitImage(photo, '/proj/noise.png');
    expect(fitted.block.source.media_type).toBe('image/jpeg');
    expect(fitted.resized).toEqual({ from: { width: 2000, height: 2000 }, to: { width: 2000, height: 2000 } });
    // Making and encoding 4 megapixels of noise takes seconds on a loaded machine; the time is not what is checked.
  }, 60_000);
});
