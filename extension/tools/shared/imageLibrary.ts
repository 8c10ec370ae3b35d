/**
 * The image library (sharp, libvips underneath), loaded on first use and never fatal: it is native, so a
 * platform without its prebuilt binary, or a package shipped without it, leaves `{ error }` and the tools
 * send images as they are (docs/ARCHITECTURE.md, Images and PDFs). `import()` keeps it in its own chunk
 * (dist/lazy/sharp.js), so a session that never sees an image never loads it.
 */
import type sharpModule from 'sharp';

export type Sharp = typeof sharpModule;

export type ImageLibrary = { sharp: Sharp } | { error: string };

/** How the tools reach the library; tests pass their own to take the fallback path. */
export type ImageLibraryLoader = () => Promise<ImageLibrary>;

let loading: Promise<ImageLibrary> | undefined;

/**
 * Electron on Linux (desktop VS Code's extension host) can crash or hang in sharp's native calls (sharp's docs,
 * "Electron and Linux"; electron/electron#48787): a crash there would take every chat down with it, so there
 * the library is not loaded and images are sent as they are. code-server and the CLI run on Node itself.
 */
function unsafeHere(): string | undefined {
  if (!process.versions.electron || process.platform !== 'linux') return undefined;
  return "sharp is not loaded inside Electron on Linux, where it can crash the extension host (sharp's docs, Electron and Linux)";
}

async function load(): Promise<ImageLibrary> {
  const unsafe = unsafeHere();
  if (unsafe) return { error: unsafe };
  try {
    const mod = (await import('sharp')) as unknown as { default?: Sharp } & Sharp;
    const sharp = mod.default ?? mod;
    // A long-lived host: libvips' operation cache would keep decoded images around after the call.
    sharp.cache(false);
    return { sharp };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // sharp's own message is several lines of install advice; the first says what failed.
    return { error: message.split('\n')[0] ?? message };
  }
}

/** The library, loaded once per process. */
export const loadImageLibrary: ImageLibraryLoader = () => (loading ??= load());
