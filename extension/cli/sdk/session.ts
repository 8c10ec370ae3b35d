/**
 * The SDK transport's run (docs/ARCHITECTURE.md, The SDK transport): stdin is read all the time, so control
 * requests and answers (a `can_use_tool` answer arrives mid-turn) are served while a turn runs; user
 * messages queue and each one is a turn, in order, with its own result. A malformed line is reported with its
 * number and skipped (a control request among them is answered with an error). When stdin closes, the turns
 * already queued still run — unless the control protocol is in use: then the app is gone, a running turn
 * stops (its transcript is kept) and nothing more starts.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { AgentSession } from '../../core/loop/session/agentSession';
import type { Message } from '../../core/base/messages';
import type { Output } from '../output';
import type { CliSlashResult } from '../slash';
import { runCliTurn } from '../turn';
import type { ControlChannel } from './channel';
import { classifyLine } from './stdinLines';

interface QueuedPrompt {
  content: string | Message['content'];
  /** The app's uuid for the message, or one given here: replays and file checkpoints go by it. */
  uuid: string;
}

export interface SdkSessionRun {
  session: AgentSession;
  output: Output;
  channel: ControlChannel;
  input: NodeJS.ReadableStream;
  stderr: NodeJS.WritableStream;
  /** `--permission-prompt-tool stdio`: the app answers on stdin, so stdin closing ends the run. */
  controlProtocol: boolean;
  /** Settles once `initialize` was served; turns wait for it when one arrived. */
  initialized: Promise<void>;
  /** Before the first turn: the `system/init` line (after `initialize`, so it lists what that added). */
  beforeFirstTurn?: () => void | Promise<void>;
  /** `--replay-user-messages`: each user message read is echoed. */
  replayUser?: (message: { role: 'user'; content: string | Message['content'] }, uuid: string) => void;
  /** A user message's turn starts (file checkpoints begin here). */
  onTurnStart?: (uuid: string, content: string | Message['content']) => void;
  /** A prompt that is a slash command runs as one (cli/slash.ts); absent with `--disable-slash-commands`. */
  runSlash?: (prompt: string) => Promise<CliSlashResult>;
}

/** The queue of prompts, with a wait for the next one. */
class PromptQueue {
  private readonly items: QueuedPrompt[] = [];
  private wake: (() => void) | undefined;
  closed = false;

  push(item: QueuedPrompt): void {
    this.items.push(item);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  uuids(): string[] {
    return this.items.map((i) => i.uuid);
  }

  /** The next prompt, or undefined once input closed and nothing is left. */
  async next(): Promise<QueuedPrompt | undefined> {
    while (this.items.length === 0 && !this.closed) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
    return this.items.shift();
  }
}

export class SdkSession {
  private readonly queue = new PromptQueue();
  private badLines = 0;
  private sawInitialize = false;

  constructor(private readonly run: SdkSessionRun) {}

  /** Uuids of the prompts not started yet (`interrupt` answers with them). */
  queued(): string[] {
    return this.queue.uuids();
  }

  async start(): Promise<number> {
    const reading = this.readInput();
    const code = await this.runTurns();
    await reading;
    return code || (this.badLines ? 1 : 0);
  }

  private async readInput(): Promise<void> {
    const { channel } = this.run;
    const lines = createInterface({ input: this.run.input, crlfDelay: Infinity });
    let n = 0;
    for await (const text of lines) {
      n++;
      if (!text.trim()) continue;
      const line = classifyLine(text, n);
      switch (line.kind) {
        case 'request':
          if (line.request.subtype === 'initialize') this.sawInitialize = true;
          void channel.receiveRequest(line.requestId, line.request);
          break;
        case 'response':
          channel.receiveResponse(line.response);
          break;
        case 'cancel':
          channel.cancel(line.requestId);
          break;
        case 'user': {
          const uuid = line.user.uuid ?? randomUUID();
          this.run.replayUser?.({ role: 'user', content: line.user.content }, uuid);
          this.queue.push({ content: line.user.content, uuid });
          break;
        }
        case 'error':
          this.badLines++;
          this.run.stderr.write(`codewright: ${line.error}\n`);
          if (line.requestId) channel.answerError(line.requestId, line.error);
          break;
      }
    }
    this.inputClosed();
  }

  private inputClosed(): void {
    if (this.run.controlProtocol) {
      this.run.channel.close('stdin closed before the SDK answered');
      this.run.session.stop();
    }
    this.queue.close();
  }

  private async runTurns(): Promise<number> {
    let code = 0;
    let turns = 0;
    for (;;) {
      const prompt = await this.queue.next();
      if (!prompt) break;
      if (this.sawInitialize) await this.run.initialized;
      if (turns++ === 0) await this.run.beforeFirstTurn?.();
      const turnCode = await this.turn(prompt);
      code = Math.max(code, turnCode);
      if (this.run.output.structuredOutput() !== undefined) break;
      // Stopped with stdin gone: nobody is left to read another turn.
      if (turnCode === 130 && this.queue.closed && this.run.controlProtocol) break;
    }
    if (turns === 0 && !this.sawInitialize) {
      this.run.stderr.write('codewright: no user message arrived on stdin (--input-format stream-json)\n');
      return 1;
    }
    return code;
  }

  private async turn(prompt: QueuedPrompt): Promise<number> {
    const { session, output } = this.run;
    this.run.onTurnStart?.(prompt.uuid, prompt.content);
    const text = typeof prompt.content === 'string' ? prompt.content : undefined;
    const slash = text !== undefined && this.run.runSlash ? await this.run.runSlash(text) : ({ type: 'none' } as const);
    if (slash.type === 'error') {
      output.event({ type: 'error', kind: 'internal', message: slash.message });
      return output.finish({ reason: 'error', turns: 0 });
    }
    if (slash.type === 'print') return output.finish({ reason: 'end_turn', turns: 0 }, slash.text);
    const turn = slash.type === 'turn' ? slash : { content: prompt.content, options: {} };
    await runCliTurn(session, turn.content, output, turn.options);
    return output.finish();
  }
}
