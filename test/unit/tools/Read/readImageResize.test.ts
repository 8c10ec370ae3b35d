import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageBlock } from '../../../../extension/core/base/messages';
import { IMAGE_MAX_EDGE, MAX_IMAGE_BASE64_CHARS } from '../../../../extension/tools/shared/imageFit';
import { memoryHarness } from '../shared/harness';

/** An image of `width`×`height` made by the library; noise makes it compress badly, so it is big in bytes too. */
function generated(width: number, height: number, format: 'png' | 'jpeg', noise = false): Promise<Buffer> {
  const img = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 }, ...(noise ? { noise: { type: 'gaussian', mean: 128, sigma: 60 } } : {}) },
  });
  return (format === 'png' ? img.png() : img.jpeg({ quality: 100 })).toBuffer();
}

function imageOf(content: unknown): ImageBlock {
  const blocks = content as { type: string }[];
  const image = blocks.find((b): b is ImageBlock => b.type === 'image');
  if (!image) throw new Error('no image block');
  return image;
}

async function sizeOf(image: ImageBlock) {
  const meta = await sharp(Buffer.from(image.source.data, 'base64')).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

describe('tools/Read images over the API limits', () => {
  it('downscales an image wider than the limit, keeps PNG, and tells the model both sizes', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/wide.png', await generated(9000, 3000, 'png'));
    const { result, outcome } = await h.run('Read', { file_path: '/proj/wide.png' });
    expect(outcome.stage).toBe('success');
    const image = imageOf(result.content);
    expect(image.source.media_type).toBe('image/png');
    expect(await sizeOf(image)).toEqual({ width: IMAGE_MAX_EDGE, height: 667, format: 'png' });
    expect(result.content).toContainEqual({
      type: 'text',
      text: "Image /proj/wide.png is 9000x3000 px; it was downscaled to 2000x667 px (image/png) to fit the API's limits. Multiply coordinates in it by 4.50 to map them to the original.",
    });
  });

  it('brings an image under the 5 MB base64 limit when its size in pixels is allowed but its bytes are not', async () => {
    const h = memoryHarness();
    const big = await generated(1200, 1200, 'png', true);
    expect(big.length).toBeGreaterThan((MAX_IMAGE_BASE64_CHARS / 4) * 3);
    h.workspace.put('/proj/noise.png', big);
    const { result } = await h.run('Read', { file_path: '/proj/noise.png' });
    const image = imageOf(result.content);
    expect(image.source.data.length).toBeLessThanOrEqual(MAX_IMAGE_BASE64_CHARS);
    const size = await sizeOf(image);
    expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(1200);
    // Encoding a megapixel of noise several ways takes seconds on a loaded machine; the time is not what is checked.
  }, 60_000);

  it('keeps a JPEG a JPEG when it downscales it', async () => {
    const h = memoryHarness();
    h.workspace.put('/proj/photo.jpg', await generated(3000, 4000, 'jpeg'));
    const { result } = await h.run('Read', { file_path: '/proj/photo.jpg' });
    expect(await sizeOf(imageOf(result.content))).toEqual({ width: 1500, height: IMAGE_MAX_EDGE, format: 'jpeg' });
  });

  it('sends an image within the limits as it is, with no note', async () => {
    const h = memoryHarness();
    const small = await generated(640, 480, 'png');
    h.workspace.put('/proj/small.png', small);
    const { result } = await h.run('Read', { file_path: '/proj/small.png' });
    expect(result.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: small.toString('base64') } }]);
  });
});
