/**
 * A command whose whole output is an image (a plot written to stdout as PNG bytes, a `data:image/...;base64,`
 * URI, or bare base64 of an image) answers with an image block, fitted like Read's (tools/shared/imageFit.ts),
 * instead of text that would be garbage to the model (docs/TOOLS.md, Bash).
 */
import type { ImageBlock } from '../../core/base/messages';
import type { ToolUseContext } from '../../core/contracts/toolUseContext';
import { fitImage, imageMediaType } from '../shared/imageFit';
import type { ImageLibraryLoader } from '../shared/imageLibrary';

/** Raw output bigger than this is not looked at as an image (a binary dump, not a plot). */
const MAX_RAW_IMAGE_BYTES = 64 * 1024 * 1024;

const DATA_URI = /^data:image\/(?:png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/=\s]+)$/;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;
/** How base64 of each format starts (the magic bytes encoded), so ordinary words are never decoded. */
const BASE64_IMAGE_START = /^(?:iVBORw0KGgo|\/9j\/|R0lGOD|UklGR)/;
/**
 * How raw image bytes look once decoded as UTF-8: PNG's 0x89 and JPEG's 0xFF are invalid there and come out as
 * U+FFFD; GIF and WebP start in ASCII. The bytes themselves are then read back from the output file.
 */
const RAW_IMAGE_START = /^(?:\uFFFDPNG\r\n.\n|\uFFFD{2,3}|GIF8[79]a|RIFF[\s\S]{4}WEBP)/;

export interface ImageOutput {
  /** Absent when the image could not be made to fit (the summary says why). */
  block?: ImageBlock;
  /** What the chat shows in place of the bytes, and the model reads beside the image. */
  summary: string;
  /** Set when the image was downscaled to fit. */
  note?: string;
}

function decodeBase64(text: string): Uint8Array | undefined {
  const bytes = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  return imageMediaType(bytes) ? bytes : undefined;
}

/** The image the output is, or undefined when it is text. `output` is the output as text; `outputFile` holds its bytes. */
export async function imageBytesOf(output: string, outputFile: string, context: ToolUseContext): Promise<Uint8Array | undefined> {
  const text = output.trim();
  const uri = DATA_URI.exec(text);
  if (uri?.[1]) return decodeBase64(uri[1]);
  if (BASE64_IMAGE_START.test(text) && BASE64.test(text)) return decodeBase64(text);
  if (!RAW_IMAGE_START.test(output)) return undefined;
  const { workspace } = context.ports;
  const stat = await workspace.stat(outputFile).catch(() => undefined);
  if (!stat || stat.size > MAX_RAW_IMAGE_BYTES) return undefined;
  const bytes = await workspace.readBytes(outputFile).catch(() => undefined);
  return bytes && imageMediaType(bytes) ? bytes : undefined;
}

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

/** The output as an image block, or undefined when it is no image. */
export async function imageOutput(
  output: string,
  outputFile: string,
  context: ToolUseContext,
  loader?: ImageLibraryLoader,
): Promise<ImageOutput | undefined> {
  const bytes = await imageBytesOf(output, outputFile, context);
  if (!bytes) return undefined;
  const what = `an image (${imageMediaType(bytes)}, ${kb(bytes.length)})`;
  try {
    const fitted = await fitImage(bytes, 'printed by the command', loader);
    return { block: fitted.block, summary: `[The command printed ${what}; it is attached.]`, ...(fitted.note ? { note: fitted.note } : {}) };
  } catch (error) {
    // Its bytes as text would mean nothing to the model: say what it was and why it is not attached.
    return { summary: `[The command printed ${what}, which cannot be attached: ${error instanceof Error ? error.message : String(error)}]` };
  }
}
