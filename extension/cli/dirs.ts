/** `--add-dir`: each one resolved against the working directory and checked to be a folder before the run starts. */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export async function resolveAddDirs(dirs: readonly string[], cwd: string): Promise<{ ok: true; dirs: string[] } | { ok: false; error: string }> {
  const out: string[] = [];
  for (const dir of dirs) {
    const abs = path.resolve(cwd, dir);
    const info = await stat(abs).catch(() => undefined);
    if (!info) return { ok: false, error: `--add-dir: ${abs} does not exist` };
    if (!info.isDirectory()) return { ok: false, error: `--add-dir: ${abs} is not a directory` };
    if (!out.includes(abs)) out.push(abs);
  }
  return { ok: true, dirs: out };
}
