/**
 * A sub-agent's transcript: JSONL in the session's storage folder (`agents/<agentId>.jsonl`), one header line
 * then one line per message, kept for the UI's "open transcript". The storage port writes whole files, so a
 * write rewrites the file with every line so far; writes are coalesced (messages that arrive while one is
 * being written go out together in the next) and never hold up the agent's loop. `finish` waits for the last.
 */
import type { Message } from '../../base/messages';
import type { SessionStorage } from '../../contracts/storage';

export interface AgentTranscriptHeader {
  agentId: string;
  agentType: string;
  description: string;
  model: string;
  sessionId: string;
  cwd: string;
}

/** Where a sub-agent's transcript lives in the session's storage folder (a resumed chat reads it for its nested rows). */
export function agentTranscriptFile(agentId: string): string {
  return `agents/${agentId}.jsonl`;
}

export class AgentTranscript {
  private readonly lines: string[] = [];
  private dirty = false;
  private flushing: Promise<void> | undefined;
  /** Absolute path, known once the header is written. */
  path: string | undefined;

  constructor(
    private readonly storage: SessionStorage,
    private readonly agentId: string,
  ) {}

  get relativePath(): string {
    return agentTranscriptFile(this.agentId);
  }

  /** Writes the header line; resolves to the file's absolute path (rejects when it cannot be written). */
  async start(header: AgentTranscriptHeader): Promise<string> {
    this.lines.push(JSON.stringify({ type: 'agent', ...header, startedAt: new Date().toISOString() }));
    this.path = await this.storage.writeText(this.relativePath, this.text());
    return this.path;
  }

  /** Queues the message's line; the file catches up in the background. */
  append(message: Message): void {
    this.lines.push(JSON.stringify({ type: 'message', message }));
    void this.flush();
  }

  /** The last line (how it ended); resolves once everything is on disk or failed to be written. */
  finish(summary: Record<string, unknown>): Promise<void> {
    this.lines.push(JSON.stringify({ type: 'end', ...summary }));
    return this.flush();
  }

  private text(): string {
    return `${this.lines.join('\n')}\n`;
  }

  private flush(): Promise<void> {
    this.dirty = true;
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      // A transcript that cannot be written must not stop the agent.
      await this.storage.writeText(this.relativePath, this.text()).catch(() => undefined);
    }
  }
}
