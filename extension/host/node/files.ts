/** Reading a file that may not be there, shared by the Node adapters that keep state on disk. */
import { readFile } from 'node:fs/promises';

export function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** True when `error` is a Node error with one of `codes`, e.g. `ENOENT` for a file that is not there. */
export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return isNodeError(error) && error.code !== undefined && codes.includes(error.code);
}

/** The file's UTF-8 text, or undefined when it does not exist (or when `missing` names other codes that mean so). */
export async function readTextIfExists(file: string, missing: readonly string[] = ['ENOENT']): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (hasErrorCode(error, ...missing)) return undefined;
    throw error;
  }
}
