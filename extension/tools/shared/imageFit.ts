/**
 * Fitting an image to what the API takes, for Read and for Bash's image output: at most IMAGE_MAX_EDGE pixels
 * a side and MAX_IMAGE_BASE64_CHARS as base64. A bigger one is downscaled with sharp (imageLibrary.ts), in
 * its own format while that fits, else as JPEG, and the model is told both sizes. Without the library an
 * image that fits is sent as it is and one that does not is refused, saying why.
 */
import type { ImageBlock } from '../../core/base/messages';
import { ToolError } from '../../core/contracts/toolErrors';
import { loadImageLibrary, type ImageLibraryLoader, type Sharp } from './imageLibrary';

export type ImageMediaType = ImageBlock['source']['media_type'];

/** Longest side sent, as Claude Code does; the API's hard limit is 8000, and 2000 when a request has many images. */
export const IMAGE_MAX_EDGE = 2000;
/** The API's limit for one image, as base64. */
export const MAX_IMAGE_BASE64_CHARS = 5 * 1024 * 1024;
/** The raw bytes that make MAX_IMAGE_BASE64_CHARS of base64. */
export const IMAGE_TARGET_BYTES = (MAX_IMAGE_BASE64_CHARS / 4) * 3;

/** The image format by magic bytes: an extension alone can lie (a .png that is really a JPEG). */
export function imageMediaType(bytes: Uint8Array): ImageMediaType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b)) return 'image/webp';
  return undefined;
}

export interface Size {
  width: number;
  height: number;
}

export interface FittedImage {
  block: ImageBlock;
  /** Set when the image was re-encoded: its size before and after. */
  resized?: { from: Size; to: Size };
  /** For the model, when the image was downscaled (both sizes, and how to map coordinates back). */
  note?: string;
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const mb = (n: number) => (n / (1024 * 1024)).toFixed(2);
const block = (mediaType: ImageMediaType, bytes: Uint8Array): ImageBlock => ({ type: 'image', source: { type: 'base64', media_type: mediaType, data: toBase64(bytes) } });

/** An image whose size alone says it may go as it is; without the library that is all that can be checked. */
const smallEnough = (bytes: Uint8Array) => bytes.length <= IMAGE_TARGET_BYTES;

type Encoded = { bytes: Buffer; mediaType: ImageMediaType; size: Size };

/** Encodings to try, best first: the same format, then a palette PNG, then JPEG at falling quality (speed over the last byte). */
function attempts(sharp: Sharp, input: Uint8Array, mediaType: ImageMediaType, size: Size) {
  const base = () => sharp(input, { animated: false }).autoOrient().resize(size.width, size.height, { fit: 'fill' });
  const jpeg = (quality: number) => async () => ({
    bytes: await base().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer(),
    mediaType: 'image/jpeg' as const,
  });
  const same = async () => {
    const img = base();
    if (mediaType === 'image/png') return { bytes: await img.png().toBuffer(), mediaType };
    if (mediaType === 'image/webp') return { bytes: await img.webp({ quality: 85 }).toBuffer(), mediaType };
    if (mediaType === 'image/gif') return { bytes: await img.gif().toBuffer(), mediaType };
    return { bytes: await img.jpeg({ quality: 85 }).toBuffer(), mediaType };
  };
  // The quantiser's lowest effort: at its default a noisy 2000-pixel image takes tens of seconds.
  const palette = async () => ({ bytes: await base().png({ palette: true, effort: 1 }).toBuffer(), mediaType: 'image/png' as const });
  return { same, palette: mediaType === 'image/png' ? palette : undefined, jpegs: [jpeg(80), jpeg(60), jpeg(40)] };
}

/** The scale that brings the longest side down to `maxEdge` (1 when it is already there). */
function scaled(size: Size, maxEdge: number): Size {
  const factor = Math.min(1, maxEdge / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * factor)), height: Math.max(1, Math.round(size.height * factor)) };
}

/** Downscales until one encoding fits; each round past the first shrinks the longest side by a quarter. */
async function downscale(sharp: Sharp, input: Uint8Array, mediaType: ImageMediaType, original: Size): Promise<Encoded | undefined> {
  let edge = Math.min(IMAGE_MAX_EDGE, Math.max(original.width, original.height));
  for (let round = 0; round < 6; round++) {
    const size = scaled(original, edge);
    const { same, palette, jpegs } = attempts(sharp, input, mediaType, size);
    const first = await same();
    if (first.bytes.length <= IMAGE_TARGET_BYTES) return { ...first, size };
    // Twice the limit as a full-colour PNG is a photo or noise: a palette would not save enough, and is slow.
    const tries = palette && first.bytes.length <= 2 * IMAGE_TARGET_BYTES ? [palette, ...jpegs] : jpegs;
    for (const attempt of tries) {
      const out = await attempt();
      if (out.bytes.length <= IMAGE_TARGET_BYTES) return { ...out, size };
    }
    edge = Math.round(edge * 0.75);
  }
  return undefined;
}

function describe(label: string, from: Size, to: Size, mediaType: ImageMediaType): string {
  const factor = (from.width / to.width).toFixed(2);
  return (
    `Image ${label} is ${from.width}x${from.height} px; it was downscaled to ${to.width}x${to.height} px (${mediaType}) ` +
    `to fit the API's limits. Multiply coordinates in it by ${factor} to map them to the original.`
  );
}

function tooLarge(label: string, bytes: Uint8Array, why: string): ToolError {
  return new ToolError(
    'too_large',
    `Image ${label} is ${mb(Math.ceil(bytes.length / 3) * 4)} MB as base64, over the ${mb(MAX_IMAGE_BASE64_CHARS)} MB an image may be, ` +
      `and ${why}. Make a smaller copy, e.g. with a shell command, and read that.`,
  );
}

/**
 * The image as a block the API takes, downscaled when it is too big. `label` names it in messages (a path,
 * "the command's output"). Throws a ToolError when it cannot be made to fit.
 */
export async function fitImage(bytes: Uint8Array, label: string, loader: ImageLibraryLoader = loadImageLibrary): Promise<FittedImage> {
  const mediaType = imageMediaType(bytes);
  if (!mediaType) throw new ToolError('invalid_input', `${label} is not a PNG, JPEG, GIF or WebP image.`);
  const library = await loader();
  if ('error' in library) {
    if (smallEnough(bytes)) return { block: block(mediaType, bytes) };
    throw tooLarge(label, bytes, `Codewright could not load its image library to downscale it (${library.error})`);
  }
  let original: Size;
  try {
    const meta = await library.sharp(bytes).metadata();
    original = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch (error) {
    // Undecodable by libvips: the API may still take it, when it is small.
    if (smallEnough(bytes)) return { block: block(mediaType, bytes) };
    throw tooLarge(label, bytes, `it could not be decoded to downscale it (${error instanceof Error ? error.message : String(error)})`);
  }
  if (smallEnough(bytes) && Math.max(original.width, original.height) <= IMAGE_MAX_EDGE) return { block: block(mediaType, bytes) };
  const out = await downscale(library.sharp, bytes, mediaType, original);
  if (!out) throw tooLarge(label, bytes, 'no downscaled copy of it came under the limit');
  return { block: block(out.mediaType, out.bytes), resized: { from: original, to: out.size }, note: describe(label, original, out.size, out.mediaType) };
}
