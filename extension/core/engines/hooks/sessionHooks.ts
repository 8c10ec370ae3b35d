/**
 * The session's hook events (docs/ARCHITECTURE.md, Hooks): UserPromptSubmit before a prompt is sent,
 * Stop / SubagentStop when the agent would end its turn, SessionStart, SessionEnd, PreCompact, and
 * Notification when a permission prompt goes out or the chat sits idle. Each helper takes the engine from the
 * caller (absent: nothing happens), never throws, and turns the hooks' outcomes into what the caller does
 * next; messages for the user come back as `hookMessage` events.
 */
import type { QueryEvent } from '../../contracts/events';
import type { Message, UserContentBlock, UserMessage } from '../../base/messages';
import type { ToolUseContext } from '../../contracts/toolUseContext';
import type { Hooks } from '../../contracts/hooks';
import type { HookCallContext } from '../../contracts/hooks';
import type { HookEventName, HookEventResult } from '../../contracts/hooks';

/** Stop hooks may keep one turn going this many times; a hook that ignores `stop_hook_active` cannot loop for ever. */
export const MAX_STOP_HOOK_CONTINUATIONS = 8;

/** How long the chat sits idle after a turn before the Notification hooks hear about it (Claude Code's 60 s). */
export const IDLE_NOTIFICATION_MS = 60_000;

function* userMessages(event: HookEventName, result: HookEventResult): Generator<QueryEvent, void> {
  for (const text of result.userMessages) yield { type: 'hookMessage', hookEvent: event, text };
}

function callOf(context: ToolUseContext): HookCallContext {
  return { sessionId: context.sessionId, cwd: context.cwd, signal: context.abortController.signal };
}

/** The text of a prompt: a string, or its text blocks joined. */
export function promptText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  return content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}

/** `message` with text blocks after its content (hook context for the model). */
function withContext(message: UserMessage, label: string, extra: readonly string[]): UserMessage {
  if (!extra.length) return message;
  const blocks: UserContentBlock[] = extra.map((text) => ({ type: 'text', text: `${label}:\n${text}` }));
  const content: UserContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...message.content];
  return { ...message, content: [...content, ...blocks] };
}

/**
 * UserPromptSubmit (and SessionStart on a session's first turn): the prompt to send, with any context the hooks
 * added, or `blocked` with the reason to show the user; a blocked prompt is sent nowhere.
 */
export async function* promptHooks(
  hooks: Hooks | undefined,
  user: UserMessage,
  call: HookCallContext,
  sessionStart: 'startup' | 'resume' | undefined,
): AsyncGenerator<QueryEvent, { message: UserMessage } | { blocked: string }> {
  if (!hooks) return { message: user };
  let message = user;
  if (sessionStart && hooks.has('SessionStart')) {
    const started = await hooks.run({ hook_event_name: 'SessionStart', source: sessionStart }, call);
    yield* userMessages('SessionStart', started);
    message = withContext(message, 'SessionStart hook additional context', started.additionalContext);
  }
  const prompt = promptText(user.content);
  if (!prompt.trim() || !hooks.has('UserPromptSubmit')) return { message };
  const result = await hooks.run({ hook_event_name: 'UserPromptSubmit', prompt }, call);
  yield* userMessages('UserPromptSubmit', result);
  if (result.stop) return { blocked: `Stopped by UserPromptSubmit hook "${result.stop.hookName}": ${result.stop.reason}` };
  if (result.block) return { blocked: `The prompt was blocked by UserPromptSubmit hook "${result.block.hookName}" and not sent: ${result.block.reason}` };
  return { message: withContext(message, 'UserPromptSubmit hook additional context', result.additionalContext) };
}

/**
 * Stop (the main agent) or SubagentStop (a sub-agent's context) when the model ended its turn: the reason to
 * go on (a hook blocked the stop: exit 2's stderr or `decision: "block"`), or undefined to end.
 */
export async function* stopHooks(context: ToolUseContext, stopHookActive: boolean): AsyncGenerator<QueryEvent, string | undefined> {
  const hooks = context.options.hooks;
  const event = context.subAgent ? 'SubagentStop' : 'Stop';
  if (!hooks?.has(event)) return undefined;
  const result = await hooks.run({ hook_event_name: event, stop_hook_active: stopHookActive }, callOf(context));
  yield* userMessages(event, result);
  // `continue: false` wins over a block: the session stops.
  if (result.stop || !result.block) return undefined;
  return `${event} hook "${result.block.hookName}" did not let the turn end yet:\n${result.block.reason}`;
}

/** PreCompact before a compaction; messages go to the user, nothing blocks it. */
export async function* preCompactHooks(hooks: Hooks | undefined, trigger: 'manual' | 'auto', customInstructions: string, call: HookCallContext): AsyncGenerator<QueryEvent, void> {
  if (!hooks?.has('PreCompact')) return;
  const result = await hooks.run({ hook_event_name: 'PreCompact', trigger, custom_instructions: customInstructions }, call);
  yield* userMessages('PreCompact', result);
}

/** Notification, fire and forget: the caller does not wait for the hooks (a permission prompt must not). */
export function notifyHooks(context: ToolUseContext, message: string): void {
  const hooks = context.options.hooks;
  if (!hooks?.has('Notification')) return;
  void hooks.run({ hook_event_name: 'Notification', message, title: 'Codewright' }, { sessionId: context.sessionId, cwd: context.cwd });
}

/** SessionEnd when a session is disposed; waits for the hooks (each bounded by its timeout). */
export async function sessionEndHooks(hooks: Hooks | undefined, reason: 'clear' | 'logout' | 'prompt_input_exit' | 'other', call: HookCallContext): Promise<void> {
  if (!hooks?.has('SessionEnd')) return;
  await hooks.run({ hook_event_name: 'SessionEnd', reason }, call);
}

/** Tells the Notification hooks when a session has waited `delayMs` for the user after a turn. */
export class IdleNotifier {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly hooks: Hooks | undefined,
    private readonly delayMs = IDLE_NOTIFICATION_MS,
  ) {}

  /** A turn ended: start waiting. */
  arm(call: HookCallContext): void {
    this.cancel();
    const hooks = this.hooks;
    if (!hooks?.has('Notification')) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void hooks.run({ hook_event_name: 'Notification', message: 'Codewright is waiting for your input', title: 'Codewright' }, { sessionId: call.sessionId, cwd: call.cwd });
    }, this.delayMs);
    // An idle timer alone must not keep a Node process alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** A turn starts or the session ends. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
