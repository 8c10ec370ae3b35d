/**
 * Permission settings files on disk: reading them for core/engines/permissions/settings.ts, and saving accepted
 * suggestions ("always allow ... in this project") into them. A save keeps every other key of the file,
 * de-duplicates, writes atomically (temp file + rename) as 2-space JSON with a trailing newline, creates
 * `.claude/` when needed, and refuses to touch a file that is not valid JSON rather than overwrite it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JsonSyntaxError, lineAt, parseJsonWithPositions } from '../../core/base/text/jsonPositions';
import {
  loadPermissionSettings,
  settingsFilePath,
  type LoadedPermissionSettings,
  type SettingsLocations,
} from '../../core/engines/permissions/settings';
import type { PermissionSettings, SettingsError } from '../../core/engines/permissions/settingsSchema';
import type { PermissionUpdate } from '../../core/contracts/permissions';
import { applyPermissionUpdateToSettings, isSettingsFileDestination, type SettingsFileDestination } from '../../core/engines/permissions/updates';
import { readTextIfExists } from './files';

/** The file's text, or undefined when it (or a folder on its path) does not exist. */
export function readSettingsFile(file: string): Promise<string | undefined> {
  return readTextIfExists(file, ['ENOENT', 'ENOTDIR']);
}

/** Loads user, project and local settings from disk; `vscode` is the VS Code source when there is one. */
export function loadPermissionSettingsFromDisk(
  loc: SettingsLocations & { vscode?: { settings: PermissionSettings; errors: readonly SettingsError[] } },
): Promise<LoadedPermissionSettings> {
  return loadPermissionSettings({ ...loc, readFile: readSettingsFile });
}

/** One line per problem, for a log or a notification: `/p/.claude/settings.json:4: permissions.allow[1]: ...`. */
export function formatSettingsError(error: SettingsError): string {
  return `${error.path}${error.line > 0 ? `:${error.line}` : ''}: ${error.message}`;
}

// Saves to one file run one after another, so two quick "always allow" answers do not lose one.
const queues = new Map<string, Promise<unknown>>();

function serialized<T>(file: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(file) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(file, tail);
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return run;
}

async function readSettingsObject(file: string): Promise<Record<string, unknown>> {
  const text = await readSettingsFile(file);
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseJsonWithPositions(text).value;
  } catch (err) {
    if (err instanceof JsonSyntaxError) {
      throw new Error(`${file} is not valid JSON (line ${lineAt(text, err.offset)}: ${err.message}). Fix or remove it, then try again; it was left unchanged.`);
    }
    throw err;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${file} does not hold a JSON object. Fix or remove it, then try again; it was left unchanged.`);
  }
  return value as Record<string, unknown>;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Writes the updates meant for settings files (user, project, local) into those files, grouped so each
 * file is written once. Session and cliArg updates are skipped: they live in memory only. Returns the
 * files written.
 */
export async function persistPermissionUpdates(updates: readonly PermissionUpdate[], loc: SettingsLocations): Promise<string[]> {
  const byFile = new Map<string, PermissionUpdate[]>();
  for (const update of updates) {
    if (!isSettingsFileDestination(update.destination)) continue;
    const file = settingsFilePath(update.destination as SettingsFileDestination, loc);
    if (!file) throw new Error(`Cannot save to ${update.destination}: no workspace folder is open.`);
    byFile.set(file, [...(byFile.get(file) ?? []), update]);
  }
  const written: string[] = [];
  for (const [file, fileUpdates] of byFile) {
    await serialized(file, async () => {
      let settings = await readSettingsObject(file);
      for (const update of fileUpdates) settings = applyPermissionUpdateToSettings(settings, update, file);
      await writeAtomically(file, `${JSON.stringify(settings, null, 2)}\n`);
    });
    written.push(file);
  }
  return written;
}

/** One update; see `persistPermissionUpdates`. */
export function persistPermissionUpdate(update: PermissionUpdate, loc: SettingsLocations): Promise<string[]> {
  return persistPermissionUpdates([update], loc);
}

/**
 * Changes one settings file as `persistPermissionUpdates` does (other keys kept, atomic write, a file that is
 * not valid JSON left alone with an error): the Config tool's writes (`configSettings.ts`).
 */
export function updateSettingsFile(file: string, mutate: (settings: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  return serialized(file, async () => {
    const settings = mutate(await readSettingsObject(file));
    await writeAtomically(file, `${JSON.stringify(settings, null, 2)}\n`);
  });
}
