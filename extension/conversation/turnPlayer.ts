/**
 * Plays one turn of the chat (chatSession.ts) under a new assistant entry: the loop's events folded into
 * entries (turnView.ts), mail and prompts the turn took shown as user entries, the status line and usage, how
 * the turn ended, and the records a resumed chat rebuilds its rows from (rowRecords.ts).
 */
import type { AgentEvent, AgentSession, TurnOptions } from '../core/loop/session/agentSession';
import type { UsageSnapshot } from '../core/loop/query/usage';
import type { MailMessage } from '../core/contracts/mailbox';
import type { Message } from '../core/base/messages';
import type { ChatMessage, Usage } from '../protocol/messages';
import type { ChatState } from './chatState';
import { mailEntry } from './midTurn';
import { NOTE_RECORD, TOOL_RECORD, TURN_RECORD, type TurnRecord } from './rowRecords';
import { TurnView } from './turnView';

/** What a turn sends: its content, and the turn options a prompt command brings (allowed tools, model). */
export type TurnInput = string | Message['content'] | { content: Message['content']; options: TurnOptions };

/** The queued prompts a running turn takes at its tool boundaries (chatQueue.ts). */
export interface TurnPrompts {
  takeForTurn(): MailMessage[];
}

type Outcome = { status: Exclude<ChatMessage['status'], 'streaming'>; error?: string };

export class TurnPlayer {
  constructor(
    private readonly state: ChatState,
    private readonly prompts: TurnPrompts,
  ) {}

  /**
   * Runs one turn under a new assistant entry: `prepare` returns the turn's content (with a prompt command's
   * turn options). Errors end the turn as an error; the chat is idle again after.
   */
  async play(prepare: () => Promise<TurnInput>): Promise<void> {
    const { state } = this;
    const { deps } = state;
    const reply: ChatMessage = { id: deps.newId(), role: 'assistant', text: '', status: 'streaming' };
    state.add(reply);
    const agent = state.agent;
    const turn = new TurnView(
      {
        push: (e) => state.entries.push(e),
        emit: (e) => state.emit(e),
        newId: deps.newId,
        // Read at each row: the MCP servers' tools come and go with the servers.
        get tools() {
          return agent.offeredTools;
        },
        record: (r) => this.record(agent, TOOL_RECORD, r),
      },
      reply,
    );
    let finished: TurnRecord | undefined;
    const finish = (status: TurnRecord['status'], error?: string) => {
      turn.finish(status, error);
      finished = { status, ...(error !== undefined ? { error } : {}) };
    };
    let ran = false;
    try {
      const input = await prepare();
      const { content, options } = typeof input === 'object' && !Array.isArray(input) ? input : { content: input, options: {} };
      const takePrompts = () => this.prompts.takeForTurn();
      ran = true;
      for await (const event of agent.runTurn(content, { ...options, takePrompts })) {
        if (state.stopRequested) agent.stop();
        if (event.type === 'mail') for (const m of event.messages) state.add(mailEntry(m, deps.newId()));
        turn.apply(event);
        if (event.type === 'hookMessage') void this.record(agent, NOTE_RECORD, { hookEvent: event.hookEvent, ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}), text: event.text });
        if (event.type === 'notice') void this.record(agent, NOTE_RECORD, { text: event.text });
        const outcome = this.outcome(event);
        if (outcome && !finished) finish(outcome.status, outcome.error);
      }
      if (!finished) finish('done');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.error(`Turn failed: ${message}`);
      if (!finished) finish('error', message);
    } finally {
      state.emit({ type: 'status', text: null });
      // How the turn ended, for a resumed chat (rowRecords.ts); a turn that never reached the session left nothing to show.
      if (ran && finished) await this.record(agent, TURN_RECORD, { ...finished, ...(agent.promptUuid ? { prompt: agent.promptUuid } : {}) });
      state.end();
    }
  }

  /** Writes a record for a resumed chat's rows; a failure costs only the record (the row then shows its text). */
  private record(agent: AgentSession, name: string, data: unknown): Promise<void> {
    return agent.recordEvent(name, data).catch((err: unknown) => {
      this.state.deps.log.warn(`Could not record ${name}: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** Session-level effects of one loop event; returns how the turn ended when it did. */
  private outcome(event: AgentEvent): Outcome | undefined {
    switch (event.type) {
      case 'status':
        this.state.emit({ type: 'status', text: event.text });
        return undefined;
      case 'usageSnapshot':
        this.state.lastUsage = toUsage(event.snapshot);
        this.state.emit({ type: 'usage', usage: this.state.lastUsage });
        return undefined;
      case 'error':
        this.state.deps.log.error(`Model request failed: ${event.message}`);
        return { status: 'error', error: event.message };
      case 'done':
        if (event.reason === 'aborted') return { status: 'stopped' };
        if (event.reason === 'error') return undefined; // already finished by the error event
        if (event.reason === 'max_turns') return { status: 'error', error: `Stopped after ${event.turns} tool rounds (the maximum for one turn).` };
        // The loop's notice above says what it cost; this says what to do about it.
        if (event.reason === 'max_budget') return { status: 'error', error: MAX_BUDGET_ERROR };
        return { status: 'done' };
      default:
        return undefined;
    }
  }
}

/** How a turn stopped by `codewright.maxBudgetUsd` ends in the chat. */
export const MAX_BUDGET_ERROR = 'This chat reached its spending limit (codewright.maxBudgetUsd): raise the limit or start a new chat to go on.';

function toUsage(s: UsageSnapshot): Usage {
  return {
    inputTokens: s.session.inputTokens,
    outputTokens: s.session.outputTokens,
    cacheReadInputTokens: s.session.cacheReadInputTokens,
    cacheCreationInputTokens: s.session.cacheCreationInputTokens,
    costUsd: s.session.costUsd,
    contextFill: s.contextFill,
  };
}
