/**
 * A sub-agent's transcript: JSONL in the session's storage folder (`agents/<agentId>.jsonl`), one header line
 * then one line per message, kept for the UI's "open transcript". The storage port writes whole files, so
 * each write rewrites the file with every line so far; writes are serialised so none overtakes another.
 */
import type { Message } from '../messages';
import type { SessionStorage } from '../ports';

export interface AgentTranscriptHeader {
  agentId: string;
  agentType: string;
  description: string;
  model: string;
  sessionId: string;
  cwd: string;
}

export class AgentTranscript {
  private readonly lines: string[] = [];
  private writing: Promise<unknown> = Promise.resolve();
  /** Absolute path, known once the header is written. */
  path: string | undefined;

  constructor(
    private readonly storage: SessionStorage,
    private readonly agentId: string,
  ) {}

  get relativePath(): string {
    return `agents/${this.agentId}.jsonl`;
  }

  /** Writes the header line; resolves to the file's absolute path. */
  async start(header: AgentTranscriptHeader): Promise<string> {
    this.lines.push(JSON.stringify({ type: 'agent', ...header, startedAt: new Date().toISOString() }));
    this.path = await this.flush();
    return this.path;
  }

  append(message: Message): Promise<unknown> {
    this.lines.push(JSON.stringify({ type: 'message', message }));
    // A transcript that cannot be written must not stop the agent.
    return this.flush().catch(() => undefined);
  }

  /** The last line: how it ended. */
  finish(summary: Record<string, unknown>): Promise<unknown> {
    this.lines.push(JSON.stringify({ type: 'end', ...summary }));
    return this.flush().catch(() => undefined);
  }

  private flush(): Promise<string> {
    const text = `${this.lines.join('\n')}\n`;
    const next = this.writing.then(() => this.storage.writeText(this.relativePath, text));
    this.writing = next.catch(() => undefined);
    return next;
  }
}
