/**
 * The Agent SDK application's hook callbacks (docs/ARCHITECTURE.md, Hooks): `initialize.hooks` maps an event
 * to matcher groups `[{matcher?, hookCallbackIds, timeout?, onFailure?}]`. Each id becomes a hook of the
 * engine (source `session`, core/engines/hooks/callback.ts) that, when the event fires and its matcher fits, sends
 * `{subtype: "hook_callback", callback_id, input, tool_use_id?}` with the same event JSON a settings hook
 * reads on stdin; the answer's object is taken exactly as a settings hook's JSON stdout (decision,
 * `continue: false`, `hookSpecificOutput.permissionDecision` / `additionalContext` / `updatedInput`,
 * `systemMessage`, …). An error answer, or none within the timeout, is a non-blocking error, or a block with
 * `onFailure: "block"`. Events Codewright never fires are left out (and named, for stderr).
 */
import { compileMatcher } from '../../core/engines/hooks/matcher';
import type { HookEngine } from '../../core/engines/hooks/engine';
import { DEFAULT_HOOK_TIMEOUT_SEC, HOOK_EVENTS, type HookCommand, type HookEventName } from '../../core/contracts/hooks';
import { isRecord } from '../../core/base/isRecord';
import type { ControlChannel } from './channel';

/** Where callback hooks say they come from, in messages. */
const ORIGIN = 'Agent SDK';

export interface SdkHooksResult {
  hooks: HookCommand[];
  /** What was left out and why, one line each. */
  skipped: string[];
}

function isHookEvent(name: string): name is HookEventName {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

function callbackHook(event: HookEventName, group: Record<string, unknown>, id: string, channel: ControlChannel): HookCommand {
  const timeout = typeof group.timeout === 'number' && group.timeout > 0 ? group.timeout : DEFAULT_HOOK_TIMEOUT_SEC;
  return {
    event,
    matcher: typeof group.matcher === 'string' ? group.matcher : '',
    command: `hook callback ${id}`,
    timeoutSec: timeout,
    source: 'session',
    path: ORIGIN,
    line: 0,
    callback: {
      run: (input, signal) => {
        const toolUseId = typeof input.tool_use_id === 'string' ? input.tool_use_id : undefined;
        return channel.request({ subtype: 'hook_callback', callback_id: id, input, ...(toolUseId ? { tool_use_id: toolUseId } : {}) }, signal);
      },
      ...(group.onFailure === 'block' ? { failureBlocks: true } : {}),
    },
  };
}

/** The hooks of `initialize.hooks`, each calling back over `channel`. */
export function sdkCallbackHooks(hooks: unknown, channel: ControlChannel): SdkHooksResult {
  const out: SdkHooksResult = { hooks: [], skipped: [] };
  if (!isRecord(hooks)) return out;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!isHookEvent(event)) {
      out.skipped.push(`${event} hook callbacks are never called: Codewright does not fire ${event}`);
      continue;
    }
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isRecord(group) || !Array.isArray(group.hookCallbackIds)) continue;
      const matcher = typeof group.matcher === 'string' ? compileMatcher(group.matcher) : undefined;
      if (matcher && !matcher.ok) {
        out.skipped.push(`${event} hook callbacks with matcher "${String(group.matcher)}" skipped: ${matcher.error}`);
        continue;
      }
      for (const id of group.hookCallbackIds) if (typeof id === 'string' && id) out.hooks.push(callbackHook(event, group, id, channel));
    }
  }
  return out;
}

/**
 * `initialize.hooks` into `engine` (the session's, so also its sub-agents'); true when any hook was added
 * (the `hooks_applied` of the answer). What was skipped goes to `warn`.
 */
export function addSdkHooks(engine: HookEngine, hooks: unknown, channel: ControlChannel, warn?: (line: string) => void): boolean {
  const result = sdkCallbackHooks(hooks, channel);
  for (const line of result.skipped) warn?.(line);
  engine.setSessionHooks(result.hooks);
  return result.hooks.length > 0;
}
