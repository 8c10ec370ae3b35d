/**
 * What the CLI checks on disk before a run starts: the `--settings` file, the `--add-dir` folders, the
 * session `--continue` picks (the most recently changed answered one of this folder), that `--session-id`
 * is unused, and the `--agent` type (whose prompt, tools and model then go into the options). A failure is
 * a message and the exit code to end with.
 */
import { homedir } from 'node:os';
import type { TranscriptStore } from '../core/contracts/storage';
import { loadAgentDefinitions } from '../host/node/agentFiles';
import type { CliOptions } from './args';
import { resolveAddDirs } from './dirs';
import { loadFlagSettings, type FlagSettings } from './flagSettings';
import { findMainAgent, mainAgentOptions } from './mainAgent';
import { answeredSessions, sessionIdTaken } from './sessionStart';

export interface RunSetup {
  flag?: FlagSettings;
  addDirs: string[];
  /** `--resume`, or the session `--continue` found. */
  resumeId?: string;
}

type Prepared = { ok: true; setup: RunSetup } | { ok: false; error: string; code: number };

/** `opts` takes what `--agent`'s type sets (prompt, tools, model, mode), before anything reads them. */
export async function prepareRun(opts: CliOptions, cwd: string, transcripts: TranscriptStore): Promise<Prepared> {
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
    resumeId = (await answeredSessions(transcripts)).find((s) => !s.error && s.messageCount > 0)?.sessionId;
    if (!resumeId) return { ok: false, error: 'no session to continue in this folder (--continue); start one with -p', code: 1 };
  }
  const taken = await sessionIdTaken(transcripts, opts);
  if (taken) return { ok: false, error: taken, code: 1 };
  if (opts.agent !== undefined) {
    const found = findMainAgent(opts.agent, (await loadAgentDefinitions({ cwd, homeDir: homedir(), extra: opts.agentDefinitions })).definitions);
    if (!found.ok) return { ok: false, error: found.error, code: 2 };
    Object.assign(opts, mainAgentOptions(opts, found.agent));
  }
  return { ok: true, setup: { ...(flag ? { flag } : {}), addDirs: dirs.dirs, ...(resumeId ? { resumeId } : {}) } };
}
