import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageBlock } from '../../../../extension/core/base/messages';
import { bashHarness } from './harness';

const plot = () => sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 250, g: 80, b: 10 } } }).png().toBuffer();

function imageOf(content: unknown): ImageBlock | undefined {
  return Array.isArray(content) ? content.find((b: { type: string }): b is ImageBlock => b.type === 'image') : undefined;
}

describe('tools/Bash image output', () => {
  it('answers with an image block when the command prints a PNG as base64', async () => {
    const h = bashHarness();
    const png = await plot();
    writeFileSync(path.join(h.ws, 'plot.b64'), png.toString('base64').replace(/.{76}/g, '$&\n'));
    const { result, outcome } = await h.run('Bash', { command: 'cat plot.b64' });
    expect(outcome.stage).toBe('success');
    expect(imageOf(result.content)).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } });
    expect(result.content).toContainEqual({ type: 'text', text: '[The command printed an image (image/png, 1 KB); it is attached.]' });
    expect(result.is_error).toBe(false);
  });

  it('takes a data URI and raw PNG bytes on stdout the same way', async () => {
    const h = bashHarness();
    const png = await plot();
    writeFileSync(path.join(h.ws, 'plot.png'), png);
    writeFileSync(path.join(h.ws, 'plot.uri'), `data:image/png;base64,${png.toString('base64')}\n`);
    const expected = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } };
    expect(imageOf((await h.run('Bash', { command: 'cat plot.uri' })).result.content)).toEqual(expected);
    expect(imageOf((await h.run('Bash', { command: 'cat plot.png' })).result.content)).toEqual(expected);
  });

  it('downscales an image printed by a command that is over the size limit', async () => {
    const h = bashHarness();
    const wide = await sharp({ create: { width: 6000, height: 1000, channels: 3, background: '#123456' } }).png().toBuffer();
    writeFileSync(path.join(h.ws, 'wide.png'), wide);
    const { result } = await h.run('Bash', { command: 'cat wide.png' });
    const image = imageOf(result.content);
    expect(image).toBeDefined();
    const meta = await sharp(Buffer.from(image?.source.data ?? '', 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 333]);
    expect(JSON.stringify(result.content)).toContain('is 6000x1000 px; it was downscaled to 2000x333 px');
  });

  it('keeps text that merely looks like base64 as text', async () => {
    const h = bashHarness();
    const { result } = await h.run('Bash', { command: 'echo SGVsbG8gd29ybGQ=' });
    expect(result.content).toBe('SGVsbG8gd29ybGQ=');
  });
});
