/**
 * The CLI without -p on a terminal (docs/ARCHITECTURE.md, The headless CLI): prompts are typed one per line,
 * each runs as a `-p` prompt would (slash commands included) and its answer is printed; a tool that needs
 * approval asks `[y/N]` on the same terminal. `codewright --resume <id>` this way continues a chat of the
 * VS Code panel ("Continue in Terminal"). `/exit`, Ctrl+D or Ctrl+C at the prompt leave; Ctrl+C during a
 * turn stops it.
 */
import { createInterface } from 'node:readline';
import { denialMessage } from '../core/engines/permissions/describe';
import type { AskUser } from '../core/contracts/permissionPrompts';
import { describeAskingAgent } from '../core/engines/permissions/bubble';
import { destructiveWarningOf } from '../core/contracts/tool';

/** Lines typed at the terminal, one at a time, for the prompt loop and the approval questions alike. */
export interface LineReader {
  /** Writes `prompt` and resolves with the next line; undefined once the input ended. */
  next(prompt: string): Promise<string | undefined>;
  /** Ctrl+C: calls `listener` instead of killing the process. */
  onInterrupt(listener: () => void): void;
  close(): void;
}

export function createLineReader(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): LineReader {
  const rl = createInterface({ input, output, terminal: (output as { isTTY?: boolean }).isTTY === true });
  const buffered: string[] = [];
  let waiting: ((line: string | undefined) => void) | undefined;
  let closed = false;
  rl.on('line', (line) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(line);
    } else buffered.push(line);
  });
  rl.on('close', () => {
    closed = true;
    waiting?.(undefined);
    waiting = undefined;
  });
  return {
    next(prompt) {
      output.write(prompt);
      const line = buffered.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (closed) return Promise.resolve(undefined);
      return new Promise((resolve) => (waiting = resolve));
    },
    onInterrupt: (listener) => void rl.on('SIGINT', listener),
    close: () => rl.close(),
  };
}

/** y or yes, then optionally a note for the agent ("y, and run the tests after"). */
const YES = /^(?:y|yes)(?=$|[\s,:;.-])[\s,:;.-]*(.*)$/is;

/**
 * Asks `[y/N]` for each tool call that needs approval; anything but y or yes denies it. Text after the yes
 * goes to the model with the call's result (`acceptFeedback`).
 */
export function terminalAskUser(reader: LineReader, output: NodeJS.WritableStream): AskUser {
  return async (prompt, context) => {
    const summary = prompt.tool.getToolUseSummary?.(prompt.input, { cwd: context.cwd });
    const destructive = destructiveWarningOf(prompt.tool, prompt.input, context);
    const agent = prompt.agent ? `${describeAskingAgent(prompt.agent)}\n` : '';
    // A background agent (bubble mode) may be allowed this tool for the rest of its run.
    const forRun = prompt.agent?.background === true;
    output.write(`\n${agent}${prompt.message}\n${destructive ? `Warning: ${destructive}.\n` : ''}(y <note> allows it and passes the note to the agent${forRun ? "; a allows it for the rest of this agent's run" : ''})\n`);
    const line = (await reader.next(`Allow ${prompt.tool.name}${summary ? ` (${summary})` : ''}? ${forRun ? '[y/N/a]' : '[y/N]'} `))?.trim() ?? '';
    if (forRun && /^a$/i.test(line)) return { behavior: 'allow', decisionReason: { type: 'other', reason: "allowed at the terminal for the rest of this agent's run" }, allowForAgentRun: true };
    const yes = YES.exec(line);
    if (yes) {
      const note = yes[1]?.trim();
      return { behavior: 'allow', decisionReason: { type: 'other', reason: 'allowed at the terminal' }, ...(note ? { acceptFeedback: note } : {}) };
    }
    return { behavior: 'deny', message: denialMessage(prompt.tool.name), decisionReason: { type: 'other', reason: 'denied at the terminal' } };
  };
}

export interface InteractiveRun {
  sessionId: string;
  /** How many messages the session holds already (a resumed one). */
  messageCount: number;
  /** Runs one prompt as -p would, its answer printed; resolves with its exit code. */
  runPrompt(prompt: string): Promise<number>;
  /** Stops the running turn. */
  stop(): void;
}

/** The prompt loop; resolves with 0 once the user leaves. */
export async function runInteractive(run: InteractiveRun, reader: LineReader, output: NodeJS.WritableStream): Promise<number> {
  let running = false;
  let leaving = false;
  reader.onInterrupt(() => {
    if (running) return run.stop();
    leaving = true;
    reader.close();
  });
  const resumed = run.messageCount > 0 ? ` (${run.messageCount} messages so far)` : '';
  output.write(`Codewright: session ${run.sessionId}${resumed}. Type a prompt; /exit or Ctrl+D to leave.\n`);
  for (;;) {
    const line = await reader.next('> ');
    if (line === undefined || leaving) break;
    const prompt = line.trim();
    if (prompt === '/exit' || prompt === '/quit') break;
    if (!prompt) continue;
    running = true;
    try {
      await run.runPrompt(prompt);
    } finally {
      running = false;
    }
  }
  reader.close();
  output.write(`\nResume this session with: codewright --resume ${run.sessionId}\n`);
  return 0;
}
