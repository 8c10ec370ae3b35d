/**
 * What the CLI checks on disk before a run starts: the `--settings` file, the `--add-dir` folders and the
 * session `--continue` picks (the most recently changed one of this folder). A failure is a message and
 * the exit code to end with.
 */
import { listSessions } from '../core/session/sessions';
import type { TranscriptStore } from '../core/ports';
import type { CliOptions } from './args';
import { resolveAddDirs } from './dirs';
import { loadFlagSettings, type FlagSettings } from './flagSettings';

export interface RunSetup {
  flag?: FlagSettings;
  addDirs: string[];
  /** `--resume`, or the session `--continue` found. */
  resumeId?: string;
}

export async function prepareRun(opts: CliOptions, cwd: string, transcripts: TranscriptStore): Promise<{ ok: true; setup: RunSetup } | { ok: false; error: string; code: number }> {
  let flag: FlagSettings | undefined;
  if (opts.settings !== undefined) {
    const loaded = await loadFlagSettings(opts.settings, cwd);
    if (!loaded.ok) return { ok: false, error: loaded.error, code: 2 };
    flag = loaded.flag;
  }
  const dirs = await resolveAddDirs(opts['add-dir'], cwd);
  if (!dirs.ok) return { ok: false, error: dirs.error, code: 2 };
  let resumeId = opts.resume;
  if (opts.continue) {
    resumeId = (await listSessions(transcripts)).find((s) => !s.error && s.messageCount > 0)?.sessionId;
    if (!resumeId) return { ok: false, error: 'no session to continue in this folder (--continue); start one with -p', code: 1 };
  }
  return { ok: true, setup: { ...(flag ? { flag } : {}), addDirs: dirs.dirs, ...(resumeId ? { resumeId } : {}) } };
}
