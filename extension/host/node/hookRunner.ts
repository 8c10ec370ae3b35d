/**
 * `HookRunnerPort` on Node: runs a hook command in a shell (`/bin/sh -c`, or the platform shell on Windows)
 * in its own process group, writes the event JSON to its stdin, collects stdout and stderr (each capped), and
 * at the timeout or on abort kills the whole group, so a hook's children (a `sleep` it started) die with it.
 * Never rejects: a command that cannot start is `error`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { HookRunRequest, HookRunResult, HookRunnerPort } from '../../core/contracts/hooks';

/** Per stream; what a hook prints past this is dropped (and said so). */
export const MAX_HOOK_OUTPUT_CHARS = 1_000_000;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function collector(): { add: (chunk: Buffer) => void; text: () => string } {
  let text = '';
  let cut = false;
  return {
    add: (chunk) => {
      if (cut) return;
      text += chunk.toString('utf8');
      if (text.length > MAX_HOOK_OUTPUT_CHARS) {
        text = `${text.slice(0, MAX_HOOK_OUTPUT_CHARS)}\n… (output cut at ${MAX_HOOK_OUTPUT_CHARS} characters)`;
        cut = true;
      }
    },
    text: () => text,
  };
}

export class NodeHookRunner implements HookRunnerPort {
  constructor(private readonly baseEnv: NodeJS.ProcessEnv = process.env) {}

  run(request: HookRunRequest): Promise<HookRunResult> {
    return new Promise((resolve) => {
      const stdout = collector();
      const stderr = collector();
      let timedOut = false;
      let error: string | undefined;
      let child: ChildProcess;
      try {
        const env = { ...this.baseEnv, ...request.env };
        child =
          process.platform === 'win32'
            ? spawn(request.command, { cwd: request.cwd, env, shell: true, windowsHide: true })
            : spawn('/bin/sh', ['-c', request.command], { cwd: request.cwd, env, detached: true });
      } catch (err) {
        resolve({ exitCode: null, stdout: '', stderr: '', timedOut: false, error: err instanceof Error ? err.message : String(err) });
        return;
      }
      let exited = false;
      child.on('exit', () => (exited = true));
      const timer = setTimeout(() => {
        // Exited, but a process it left in the background still holds the pipes: not a timeout of the hook.
        if (!exited) timedOut = true;
        killGroup(child);
      }, request.timeoutMs);
      const onAbort = () => {
        error = 'cancelled (the turn was stopped)';
        killGroup(child);
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      if (request.signal?.aborted) onAbort();
      child.stdout?.on('data', stdout.add);
      child.stderr?.on('data', stderr.add);
      // A hook that never reads its stdin closes the pipe early; that is not a failure.
      child.stdin?.on('error', () => {});
      child.stdin?.end(request.stdin);
      child.on('error', (err) => {
        error ??= err.message;
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        resolve({
          exitCode: timedOut || error ? null : code,
          stdout: stdout.text(),
          stderr: stderr.text(),
          timedOut,
          ...(error && !timedOut ? { error } : {}),
        });
      });
    });
  }
}
