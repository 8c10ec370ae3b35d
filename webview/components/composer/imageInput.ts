/**
 * Turning pasted or dropped files into prompt images: PNG, JPEG, GIF and WebP only, at most
 * MAX_IMAGE_BYTES each and MAX_PROMPT_IMAGES per prompt. What is refused comes back as a message the
 * composer shows inline; nothing is refused silently.
 */
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, MAX_PROMPT_IMAGES, type PromptImage } from '../../../extension/protocol/messages';

/** A prompt image with an id for React keys and removal. */
export interface DraftImage {
  id: string;
  image: PromptImage;
}

export interface ReadImagesResult {
  images: PromptImage[];
  errors: string[];
}

type MediaType = PromptImage['mediaType'];

function mediaTypeOf(file: File): MediaType | undefined {
  return IMAGE_MEDIA_TYPES.find((t) => t === file.type);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Reads `files` as base64 images; `room` is how many more the prompt may take. */
export async function readImages(files: readonly File[], room: number): Promise<ReadImagesResult> {
  const images: PromptImage[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const name = file.name || 'pasted image';
    const mediaType = mediaTypeOf(file);
    if (!mediaType) {
      errors.push(`${name}: only PNG, JPEG, GIF and WebP images can be attached.`);
      continue;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      errors.push(`${name} is ${megabytes(file.size)}; images can be at most ${megabytes(MAX_IMAGE_BYTES)}.`);
      continue;
    }
    if (images.length >= room) {
      errors.push(`At most ${MAX_PROMPT_IMAGES} images per message; ${name} was not added.`);
      continue;
    }
    images.push({ kind: 'image', name: name.slice(0, 500), mediaType, data: toBase64(new Uint8Array(await file.arrayBuffer())) });
  }
  return { images, errors };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The files of a paste or drop (a paste of plain text has none). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files);
  if (files.length) return files;
  return Array.from(data.items)
    .filter((i) => i.kind === 'file')
    .map((i) => i.getAsFile())
    .filter((f): f is File => f !== null);
}
