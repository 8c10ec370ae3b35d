/** Small fakes for unit tests (fakes over mocks: they behave, they do not just record). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentSessionDeps } from '../../extension/core/loop/session/agentSession';
import { ModelError, type ModelClient, type ModelRequest, type ModelStreamEvent } from '../../extension/core/contracts/modelClient';
import type { CredentialsPort, Logger, SettingsPort } from '../../extension/core/contracts/settings';
import { NodeSearch } from '../../extension/host/node/search';
import { NodeSessionStorage } from '../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../extension/host/node/workspace';
import { NodeTranscriptStore } from '../../extension/host/node/transcriptStore';

export class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string }[] = [];
  private put = (level: string) => (message: string | Error) =>
    this.lines.push({ level, message: message instanceof Error ? message.message : message });
  trace = this.put('trace');
  debug = this.put('debug');
  info = this.put('info');
  warn = this.put('warn');
  error = this.put('error');
}

export const keyed: CredentialsPort = { getApiKey: async () => ({ key: 'sk-test', source: 'environment' }) };
export const keyless: CredentialsPort = { getApiKey: async () => undefined };

export const settings: SettingsPort = { model: () => 'claude-test', maxTokens: () => 256, apiBaseUrl: () => undefined };

export function sequentialIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

const usage = { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

/** A scripted reply that calls one tool (its id is `toolu_<name>`). */
export interface ScriptedToolUse {
  tool: string;
  input: Record<string, unknown>;
}

function* toolUseReply(reply: ScriptedToolUse): Generator<ModelStreamEvent> {
  const block = { type: 'tool_use' as const, id: `toolu_${reply.tool}`, name: reply.tool, input: reply.input };
  yield { type: 'messageStart', messageId: 'msg_1', usage };
  yield { type: 'blockComplete', index: 0, block };
  yield { type: 'messageComplete', message: { role: 'assistant', content: [block] }, stopReason: 'tool_use', stopSequence: null, usage };
}

/**
 * A model that streams scripted chunks (or calls a tool), one per `step()` when `manual`, else all at once. It honours the
 * abort signal the way the SDK client does: the iterator throws a ModelError of kind aborted.
 */
export class ScriptedModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private waiters: (() => void)[] = [];

  constructor(
    private readonly replies: (string[] | Error | ScriptedToolUse)[],
    private readonly manual = false,
  ) {}

  step(): void {
    this.waiters.shift()?.();
  }

  /** Streams waiting for `step()` (manual mode). */
  get waiting(): number {
    return this.waiters.length;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests.push({ ...request, messages: request.messages.map((m) => ({ ...m })) });
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('ScriptedModel: no reply scripted');
    if (reply instanceof Error) throw reply;
    if (!Array.isArray(reply)) return yield* toolUseReply(reply);
    yield { type: 'messageStart', messageId: 'msg_1', usage };
    for (const text of reply) {
      if (this.manual) {
        await new Promise<void>((resolve, reject) => {
          if (request.signal.aborted) return reject(new ModelError('aborted', 'Stopped.'));
          this.waiters.push(resolve);
          request.signal.addEventListener('abort', () => reject(new ModelError('aborted', 'Stopped.')), { once: true });
        });
      }
      yield { type: 'textDelta', index: 0, text };
    }
    const text = reply.join('');
    yield { type: 'blockComplete', index: 0, block: { type: 'text', text } };
    yield { type: 'messageComplete', message: { role: 'assistant', content: [{ type: 'text', text }] }, stopReason: 'end_turn', stopSequence: null, usage };
  }
}

/** In-memory ports for an agent session: no disk, no git, no clock beyond the fixed date. */
export function agentDeps(model: ModelClient): Omit<AgentSessionDeps, 'newId'> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-agent-'));
  return {
    model,
    environment: {
      info: async () => ({ cwd: dir, platform: 'linux', osVersion: 'test', date: '2026-11-22', isGitRepo: false, memoryFiles: [] }),
    },
    transcripts: new NodeTranscriptStore(path.join(dir, 'transcripts')),
    storageFor: (id) => new NodeSessionStorage(path.join(dir, 'sessions', id)),
    toolPorts: { workspace: new NodeWorkspace([dir]), search: new NodeSearch() },
    tools: [],
    cwd: dir,
    settings: () => ({ model: 'claude-test', maxTokens: 256 }),
    retry: { sleep: async () => {}, maxRetries: 0 },
  };
}

/** Resolves after pending microtasks and timers of zero delay. */
export const tick = () => new Promise((r) => setTimeout(r, 0));

/** Polls until `cond` holds (or fails after `ms`): for waits on work that crosses real I/O. */
export async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
