/**
 * Mirroring commands into a terminal: wraps a ShellPort so every command, its output as it streams and how
 * it ended are written to a `TerminalMirror` (VS Code: a read-only Pseudoterminal, host/vscode/terminalMirror.ts).
 * No `vscode` here, so the wrapping is tested on plain Node.
 */
import type { ShellExit, ShellPort, ShellProcess } from '../../../core/contracts/shell';

/** Where mirrored text goes; `\n` line endings, the terminal converts. */
export interface TerminalMirror {
  commandStarted(command: string, opts: { cwd: string; label?: string }): void;
  output(text: string): void;
  commandEnded(exit: ShellExit, elapsedMs: number): void;
  commandBackgrounded(taskId: string): void;
}

export function mirrorShell(shell: ShellPort, mirror: TerminalMirror): ShellPort {
  return {
    sandbox: () => shell.sandbox(),
    spawn(command, opts): ShellProcess {
      const proc = shell.spawn(command, opts);
      const started = Date.now();
      mirror.commandStarted(command, { cwd: opts.cwd, ...(opts.label ? { label: opts.label } : {}) });
      const off = proc.onOutput((text) => mirror.output(text));
      let backgrounded = false;
      void proc.exited.then((exit) => {
        off();
        if (!backgrounded) mirror.commandEnded(exit, Date.now() - started);
      });
      return {
        // A getter: a sandboxed command has its pid only once the sandbox has wrapped it.
        get pid() {
          return proc.pid;
        },
        exited: proc.exited,
        onOutput: (listener) => proc.onOutput(listener),
        kill: () => proc.kill(),
        background(taskId) {
          if (!backgrounded) {
            backgrounded = true;
            off();
            mirror.commandBackgrounded(taskId);
          }
          proc.background(taskId);
        },
      };
    },
  };
}

/** The terminal text for a mirror, shared by every TerminalMirror implementation (ANSI styling, `\n` endings). */
export const mirrorText = {
  started(command: string, cwd: string): string {
    return `\x1b[2m${cwd}\x1b[0m\n\x1b[1m$ ${command}\x1b[0m\n`;
  },
  ended(exit: ShellExit, elapsedMs: number): string {
    const took = elapsedMs < 1000 ? `${elapsedMs} ms` : `${(elapsedMs / 1000).toFixed(1)} s`;
    const status = exit.code === 0 ? '\x1b[32mdone\x1b[0m' : `\x1b[31mexit code ${exit.code}${exit.signal ? ` (${exit.signal})` : ''}\x1b[0m`;
    return `\x1b[2m[\x1b[0m${status}\x1b[2m · ${took}]\x1b[0m\n\n`;
  },
  backgrounded(taskId: string): string {
    return `\x1b[2m[moved to the background as task ${taskId}; its output goes to its output file]\x1b[0m\n\n`;
  },
};
