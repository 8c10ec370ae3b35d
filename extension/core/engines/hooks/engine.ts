/**
 * `HookEngine` (docs/ARCHITECTURE.md, Hooks): runs the hooks configured for an event. The hooks whose
 * matcher fits run in parallel through the `HookRunnerPort`, each with the event JSON on stdin and its own
 * timeout; their outcomes combine into one `HookEventResult`. It never throws: a hook that crashes, hangs or
 * prints nonsense is one more non-blocking error in the result and the log. The host builds one engine per
 * window and swaps its configuration when a settings file changes (`setConfig`). Hooks the session's host
 * registers (`setSessionHooks`: the Agent SDK's callbacks, callback.ts) run after those of the files and
 * outlive a reload.
 */
import type { HookCallContext } from '../../contracts/hooks';
import type { Logger } from '../../contracts/settings';
import type { ConfigProblem } from '../../base/configProblems';
import { formatConfigProblem } from '../../base/configProblems';
import { runHookCallback } from './callback';
import { matcherMatches } from './matcher';
import { interpretRun, type HookEffects } from './output';
import { hookName, type HookCommand, type HookEventName, type HookEventPayload, type HookEventResult, type HookOutcome, type HookRunnerPort } from '../../contracts/hooks';
import type { HooksConfig } from './config';

export interface HookEngineOptions {
  runner: HookRunnerPort;
  config?: HooksConfig;
  /** `CLAUDE_PROJECT_DIR` for the commands (the workspace folder). */
  projectDir?: string;
  log?: Logger;
  /** Where a session's transcript is (`transcript_path`), when the host knows. */
  transcriptPath?: (sessionId: string) => string | undefined;
}

const PRIORITY = { deny: 3, ask: 2, allow: 1 } as const;

/** What the event's matcher is tested against (tool name, SessionStart source, …); undefined: matcher ignored. */
function matchNameOf(payload: HookEventPayload): string | undefined {
  switch (payload.hook_event_name) {
    case 'PreToolUse':
    case 'PostToolUse':
      return payload.tool_name;
    case 'SessionStart':
      return payload.source;
    case 'SessionEnd':
      return payload.reason;
    case 'PreCompact':
      return payload.trigger;
    default:
      return undefined;
  }
}

function emptyResult(): HookEventResult {
  return { outcomes: [], additionalContext: [], userMessages: [] };
}

/** Folds one run's effects into the result, in configuration order. */
function merge(result: HookEventResult, hook: HookCommand, effects: HookEffects): void {
  const name = hookName(hook);
  if (effects.block !== undefined && !result.block) result.block = { reason: effects.block, hookName: name };
  if (effects.stop !== undefined && !result.stop) result.stop = { reason: effects.stop, hookName: name };
  if (effects.permission && (!result.permission || PRIORITY[effects.permission.decision] > PRIORITY[result.permission.decision])) {
    result.permission = { ...effects.permission, hookName: name };
  }
  if (effects.updatedInput && !result.updatedInput) result.updatedInput = effects.updatedInput;
  if (effects.additionalContext) result.additionalContext.push(effects.additionalContext);
  if (effects.userMessage) result.userMessages.push(effects.userMessage);
}

export class HookEngine {
  private config: HooksConfig;
  private sessionHooks: readonly HookCommand[] = [];

  constructor(private readonly opts: HookEngineOptions) {
    this.config = opts.config ?? { hooks: [], problems: [] };
  }

  /** A reloaded configuration; runs already started finish with the old one. */
  setConfig(config: HooksConfig): void {
    this.config = config;
    for (const p of config.problems) this.opts.log?.warn(`Hooks: ${formatConfigProblem(p)}`);
  }

  /** The session host's hooks (source `session`), replacing earlier ones; a settings reload keeps them. */
  setSessionHooks(hooks: readonly HookCommand[]): void {
    this.sessionHooks = hooks;
  }

  get hooks(): readonly HookCommand[] {
    return this.sessionHooks.length ? [...this.config.hooks, ...this.sessionHooks] : this.config.hooks;
  }

  get problems(): readonly ConfigProblem[] {
    return this.config.problems;
  }

  /** The hooks `payload` would run. */
  matching(payload: HookEventPayload): HookCommand[] {
    const name = matchNameOf(payload);
    return this.hooks.filter((h) => h.event === payload.hook_event_name && matcherMatches(h.matcher, name));
  }

  /** True when some hook is configured for `event` (callers skip building a payload otherwise). */
  has(event: HookEventName): boolean {
    return this.hooks.some((h) => h.event === event);
  }

  /** Runs the matching hooks in parallel; resolves with their combined result, never rejects. */
  async run(payload: HookEventPayload, call: HookCallContext): Promise<HookEventResult> {
    const hooks = this.matching(payload);
    const result = emptyResult();
    if (!hooks.length) return result;
    const transcript = this.opts.transcriptPath?.(call.sessionId);
    const input: Record<string, unknown> = { session_id: call.sessionId, ...(transcript ? { transcript_path: transcript } : {}), cwd: call.cwd, ...payload };
    const stdin = JSON.stringify(input);
    const outcomes = await Promise.all(hooks.map((hook) => this.runOne(hook, { input, stdin }, call)));
    for (const { outcome, effects } of outcomes) {
      result.outcomes.push(outcome);
      merge(result, outcome.hook, effects);
    }
    return result;
  }

  /** One hook: a command gets the event JSON as text on stdin, a callback the object itself. */
  private async runOne(hook: HookCommand, event: { input: Record<string, unknown>; stdin: string }, call: HookCallContext): Promise<{ outcome: HookOutcome; effects: HookEffects }> {
    const started = Date.now();
    const env: Record<string, string> = { CLAUDE_PROJECT_DIR: this.opts.projectDir ?? call.cwd, ...hook.env };
    const timeoutMs = hook.timeoutSec * 1000;
    let done;
    try {
      const run = hook.callback
        ? await runHookCallback(hook.callback, event.input, timeoutMs, call.signal)
        : await this.opts.runner.run({ command: hook.command, stdin: event.stdin, cwd: call.cwd, env, timeoutMs, ...(call.signal ? { signal: call.signal } : {}) });
      done = interpretRun(hook, run, Date.now() - started);
    } catch (err) {
      // The port promises not to reject; a broken one still must not break the turn.
      done = interpretRun(hook, { exitCode: null, stdout: '', stderr: '', timedOut: false, error: err instanceof Error ? err.message : String(err) }, Date.now() - started);
    }
    this.logOutcome(done.outcome);
    return done;
  }

  private logOutcome(o: HookOutcome): void {
    const where = `${o.hook.event} hook "${hookName(o.hook)}" (${o.hook.line ? `${o.hook.path}:${o.hook.line}` : o.hook.path})`;
    if (o.kind === 'error') this.opts.log?.warn(`Hooks: ${o.message ?? where}`);
    else if (o.kind === 'blocking') this.opts.log?.info(`Hooks: ${where} blocked in ${o.durationMs} ms: ${o.message ?? ''}`);
    else this.opts.log?.info(`Hooks: ${where} ran in ${o.durationMs} ms`);
  }
}
