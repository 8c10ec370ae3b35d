/**
 * A read-only terminal that mirrors the agent's shell commands and their output live, so the user can watch
 * what runs. A Pseudoterminal (no process of its own): created on the first command, reused after, and
 * created again if the user closed it. It is revealed with `show(true)` only when it is created, which keeps
 * focus where the user is (the chat) and never pops the panel up again once they hid it.
 */
import * as vscode from 'vscode';
import type { ShellExit } from '../../core/contracts/shell';
import { mirrorText, type TerminalMirror } from '../node/shell/mirror';

const INPUT_HINT = '\x1b[2m(This terminal only shows the commands Codewright runs; it does not take input.)\x1b[0m\r\n';

export class VsCodeTerminalMirror implements TerminalMirror, vscode.Disposable {
  private terminal: vscode.Terminal | undefined;
  private writer: vscode.EventEmitter<string> | undefined;
  private opened = false;
  private pending: string[] = [];
  private hinted = false;
  private closeListener: vscode.Disposable;
  /** Everything written so far (with `\r\n` endings), for tests and diagnostics. */
  written = '';

  constructor(private readonly name: () => string) {
    this.closeListener = vscode.window.onDidCloseTerminal((t) => {
      if (t === this.terminal) this.reset();
    });
  }

  /** The terminal, once a command was mirrored. */
  get current(): vscode.Terminal | undefined {
    return this.terminal;
  }

  commandStarted(command: string, opts: { cwd: string }): void {
    this.write(mirrorText.started(command, opts.cwd));
  }

  output(text: string): void {
    this.write(text);
  }

  commandEnded(exit: ShellExit, elapsedMs: number): void {
    this.write(mirrorText.ended(exit, elapsedMs));
  }

  commandBackgrounded(taskId: string): void {
    this.write(mirrorText.backgrounded(taskId));
  }

  dispose(): void {
    this.closeListener.dispose();
    this.terminal?.dispose();
    this.reset();
  }

  private write(text: string): void {
    // Terminals need CRLF; a lone \r (progress bars) is kept as is.
    const data = text.replace(/\r?\n/g, '\r\n');
    this.written += data;
    this.ensureTerminal();
    if (this.opened) this.writer?.fire(data);
    else this.pending.push(data);
  }

  private ensureTerminal(): void {
    if (this.terminal) return;
    const writer = new vscode.EventEmitter<string>();
    const pty: vscode.Pseudoterminal = {
      onDidWrite: writer.event,
      open: () => {
        this.opened = true;
        for (const data of this.pending.splice(0)) writer.fire(data);
      },
      close: () => this.reset(),
      handleInput: () => {
        if (this.hinted) return;
        this.hinted = true;
        writer.fire(INPUT_HINT);
      },
    };
    this.writer = writer;
    this.terminal = vscode.window.createTerminal({ name: this.name(), pty, isTransient: true });
    this.terminal.show(true);
  }

  private reset(): void {
    this.writer?.dispose();
    this.writer = undefined;
    this.terminal = undefined;
    this.opened = false;
    this.pending = [];
  }
}

/** The mirror for a session; `name` is read when a terminal is (re)created, e.g. "Codewright: Fix the tests". */
export function createTerminalMirror(name: string | (() => string)): VsCodeTerminalMirror {
  return new VsCodeTerminalMirror(typeof name === 'string' ? () => name : name);
}
