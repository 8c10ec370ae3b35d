/**
 * An AgentSession whose model plays a script of replies (tool calls or text), so worktree tests can check
 * what tools see across turns: each turn builds its context afresh from the session.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentSession } from '../../../../extension/core/loop/session/agentSession';
import { toolResultText, type AssistantContentBlock, type Message, type ToolResultBlock } from '../../../../extension/core/base/messages';
import type { ModelClient, ModelRequest, ModelStreamEvent } from '../../../../extension/core/contracts/modelClient';
import { NodeSearch } from '../../../../extension/host/node/search';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { NodeShell } from '../../../../extension/host/node/shell/nodeShell';
import { NodeTranscriptStore } from '../../../../extension/host/node/transcriptStore';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { NodeWorktrees } from '../../../../extension/host/node/worktrees';
import { worktreeTools } from './harness';

const usage = { inputTokens: 1, outputTokens: 1, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };

/** One reply: tool calls ([name, input]) or a closing text. */
export type Reply = [string, Record<string, unknown>][] | string;

export class ToolScriptModel implements ModelClient {
  private n = 0;
  constructor(private readonly replies: Reply[]) {}

  async *stream(_request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('ToolScriptModel: no reply scripted');
    const content: AssistantContentBlock[] =
      typeof reply === 'string' ? [{ type: 'text', text: reply }] : reply.map(([name, input]) => ({ type: 'tool_use', id: `toolu_${++this.n}`, name, input }));
    yield { type: 'messageStart', messageId: `msg_${this.n}`, usage };
    for (const [index, block] of content.entries()) yield { type: 'blockComplete', index, block };
    const stopReason = typeof reply === 'string' ? 'end_turn' : 'tool_use';
    yield { type: 'messageComplete', message: { role: 'assistant', content }, stopReason, stopSequence: null, usage };
  }
}

export function worktreeSession(repo: string, replies: Reply[]): AgentSession {
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-wt-session-'));
  return new AgentSession({
    model: new ToolScriptModel(replies),
    environment: { info: async () => ({ cwd: repo, platform: 'linux', osVersion: 'test', date: '2026-11-22', isGitRepo: true, memoryFiles: [] }) },
    transcripts: new NodeTranscriptStore(path.join(dir, 'transcripts')),
    storageFor: (id) => new NodeSessionStorage(path.join(dir, 'sessions', id)),
    toolPorts: { workspace: new NodeWorkspace([repo]), search: new NodeSearch(), shell: new NodeShell({ killGraceMs: 300, pollMs: 20 }), worktrees: new NodeWorktrees() },
    tools: worktreeTools(),
    cwd: repo,
    newId: () => 'session-wt',
    settings: () => ({ model: 'claude-test', maxTokens: 256 }),
    decider: async (_tool, input) => ({ behavior: 'allow', updatedInput: input }),
    retry: { sleep: async () => {}, maxRetries: 0 },
  });
}

/** Runs one turn to its end. */
export async function turn(session: AgentSession, prompt: string): Promise<void> {
  for await (const _event of session.runTurn(prompt)) {
    // drained
  }
}

/** The tool results of the session so far, as text, in order. */
export function resultTexts(history: readonly Message[]): string[] {
  return history
    .filter((m) => m.role === 'user' && Array.isArray(m.content))
    .flatMap((m) => (m.content as readonly { type: string }[]).filter((b): b is ToolResultBlock => b.type === 'tool_result'))
    .map((b) => toolResultText(b.content));
}
