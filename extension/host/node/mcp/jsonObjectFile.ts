/**
 * A JSON file that holds one object and belongs to others as well (`~/.claude.json`, `.mcp.json`,
 * `.claude/settings.local.json`): a change reads it, changes only its own keys, and writes it back through a
 * temporary file and a rename, so a reader never sees half a file. The file's mode is kept (Claude Code keeps
 * `~/.claude.json` user-only). A file that is not a JSON object is left alone: the change fails saying so.
 * Changes of one file in this process run one after another, so two quick ones do not lose either.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '../../../core/base/isRecord';
import { JsonSyntaxError, lineAt, parseJsonWithPositions } from '../../../core/base/text/jsonPositions';
import { hasErrorCode, readTextIfExists } from '../files';

/** The file's object; `{}` when it does not exist or is empty; throws (naming the file) when it is not an object. */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  const text = await readTextIfExists(file, ['ENOENT', 'ENOTDIR']);
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseJsonWithPositions(text).value;
  } catch (err) {
    if (err instanceof JsonSyntaxError) throw new Error(`${file} is not valid JSON (line ${lineAt(text, err.offset)}: ${err.message}); fix it and try again, it was left unchanged.`);
    throw err;
  }
  if (!isRecord(value)) throw new Error(`${file} does not hold a JSON object; fix it and try again, it was left unchanged.`);
  return value;
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Reads the file's object, lets `change` return the next one (the same object: nothing to write) and writes
 * it atomically as 2-space JSON with a trailing newline, creating the folder when needed. Resolves with what
 * `change` returned.
 */
export function updateJsonObject(file: string, change: (current: Record<string, unknown>) => Record<string, unknown>): Promise<Record<string, unknown>> {
  const task = async () => {
    const current = await readJsonObject(file);
    const next = change(current);
    if (next !== current) await writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  };
  const run = (queues.get(file) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(file, tail);
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return run;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const mode = await stat(file).then(
    (s) => s.mode & 0o777,
    (err: unknown) => {
      if (hasErrorCode(err, 'ENOENT')) return undefined;
      throw err;
    },
  );
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx', ...(mode !== undefined ? { mode } : {}) });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
