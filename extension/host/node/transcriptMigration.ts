/**
 * Moving transcripts from an old folder into the shared one (docs/ARCHITECTURE.md, Sessions and transcripts):
 * VS Code used to keep them in its global storage, out of the CLI's sight. Each `<id>.jsonl` missing from
 * the new folder is copied there, then the old file is renamed `<id>.jsonl.migrated` (kept as a backup, no
 * longer listed). A session already in the new folder is left alone in both places: never overwritten.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode } from './files';

const TRANSCRIPT = /^[\w-]{1,100}\.jsonl$/;

export interface MigrationResult {
  /** Sessions now in the new folder. */
  moved: string[];
  /** Sessions left in the old folder because the new one already holds a transcript of that id. */
  skipped: string[];
}

export async function migrateTranscripts(fromDir: string, toDir: string): Promise<MigrationResult> {
  const result: MigrationResult = { moved: [], skipped: [] };
  if (path.resolve(fromDir) === path.resolve(toDir)) return result;
  let names: string[];
  try {
    names = (await readdir(fromDir)).filter((n) => TRANSCRIPT.test(n));
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT', 'ENOTDIR')) return result;
    throw error;
  }
  if (names.length === 0) return result;
  await mkdir(toDir, { recursive: true });
  for (const name of names.sort()) {
    const id = name.slice(0, -'.jsonl'.length);
    const from = path.join(fromDir, name);
    try {
      // COPYFILE_EXCL: a CLI run that wrote this id meanwhile keeps its file.
      await copyFile(from, path.join(toDir, name), constants.COPYFILE_EXCL);
    } catch (error) {
      if (!hasErrorCode(error, 'EEXIST')) throw error;
      result.skipped.push(id);
      continue;
    }
    await rename(from, `${from}.migrated`);
    result.moved.push(id);
  }
  return result;
}
