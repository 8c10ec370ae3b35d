/**
 * The Shell port on plain Node (used by the CLI, the tests, and — wrapped by the terminal mirror — VS Code).
 * Each command is a fresh `bash -c` in its own process group, writing stdout and stderr into one output file
 * (one open file description, so the two streams interleave in the order they were written). A trap reports
 * the final working directory through a marker file next to the output, so `cd` can persist across calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import type { SandboxStatus, ShellExit, ShellPort, ShellProcess, ShellSpawnOptions } from '../../../core/contracts/shell';
import { FileTail } from './fileTail';
import { groupAlive, killProcessGroup } from './processGroup';
import { detectSandbox } from './sandbox';
import { minimalSandboxPolicy, sandboxRuntime } from './sandboxRuntime';

/** `text` as one single-quoted bash word. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// $1 = marker file, $2 = the command. The trap runs however the command ends, `exit` included.
const WRAPPER = [
  '__codewright_cwd_file=$1; __codewright_command=$2; shift 2',
  'trap \'pwd >| "$__codewright_cwd_file" 2>/dev/null\' EXIT',
  'eval "$__codewright_command"',
].join('\n');

export interface NodeShellOptions {
  /** The bash binary (default `bash` from PATH). */
  bash?: string;
  /** How long a killed command gets between SIGTERM and SIGKILL (default 2000 ms). */
  killGraceMs?: number;
  /** Extra environment for every command. */
  env?: Readonly<Record<string, string>>;
  /** How often output is polled from the output file (default 50 ms). */
  pollMs?: number;
}

export class NodeShell implements ShellPort {
  private readonly live = new Set<NodeShellProcess>();
  private sandboxStatus: SandboxStatus | undefined;

  constructor(private readonly options: NodeShellOptions = {}) {}

  spawn(command: string, opts: ShellSpawnOptions): ShellProcess {
    const status = this.sandbox();
    if (opts.sandboxed && !status.available) throw new Error(`Cannot run sandboxed: ${status.reason}`);
    const env: NodeJS.ProcessEnv = { ...process.env, CODEWRIGHT: '1', GIT_EDITOR: 'true', ...this.options.env, ...opts.env, PWD: opts.cwd };
    // The VS Code extension host sets this; a command running `code` or `electron` must not inherit it.
    delete env['ELECTRON_RUN_AS_NODE'];
    const proc = opts.sandboxed ? this.spawnSandboxed(command, opts, env) : new NodeShellProcess(this.start(['-c', WRAPPER, 'bash', `${opts.outputFile}.cwd`, command], opts, env), opts, this.options);
    this.live.add(proc);
    void proc.exited.then(() => this.live.delete(proc));
    return proc;
  }

  /** Starts bash with `args`, stdout and stderr into the output file (and `extraFd` as fd 3). */
  private start(args: string[], opts: ShellSpawnOptions, env: NodeJS.ProcessEnv, extraFd?: number): ChildProcess {
    const fd = openSync(opts.outputFile, 'a');
    try {
      return spawn(this.options.bash ?? 'bash', args, {
        cwd: opts.cwd,
        detached: true,
        stdio: extraFd === undefined ? ['ignore', fd, fd] : ['ignore', fd, fd, extraFd],
        env,
      });
    } finally {
      closeSync(fd); // the child has its own copy
      if (extraFd !== undefined) closeSync(extraFd);
    }
  }

  /**
   * Inside the sandbox the marker file cannot be written by path, so the trap writes the final directory
   * to fd 3, which is the marker opened out here. The runtime wraps the command asynchronously.
   */
  private spawnSandboxed(command: string, opts: ShellSpawnOptions, env: NodeJS.ProcessEnv): NodeShellProcess {
    const script = [`__codewright_command=${shellQuote(command)}`, "trap 'pwd >&3 2>/dev/null' EXIT", 'eval "$__codewright_command"'].join('\n');
    // The output file must exist before the tail starts reading it, which is before the wrap is done.
    closeSync(openSync(opts.outputFile, 'a'));
    let id: string | undefined;
    const started = sandboxRuntime.wrap(script, opts.sandboxPolicy ?? minimalSandboxPolicy(opts.cwd)).then((wrapped) => {
      id = wrapped.id;
      return this.start(['-c', wrapped.text], opts, env, openSync(`${opts.outputFile}.cwd`, 'w'));
    });
    return new NodeShellProcess(started, opts, this.options, () => (id ? sandboxRuntime.finish(id) : []));
  }

  sandbox(): SandboxStatus {
    return (this.sandboxStatus ??= detectSandbox());
  }

  /** Kills every command still running (background ones included): call when the host shuts down. */
  async dispose(): Promise<void> {
    await Promise.all([...this.live].map((p) => p.kill()));
    // The sandbox's network proxies listen in this process; stop them (the next sandboxed command restarts them).
    await sandboxRuntime.reset();
  }
}

class NodeShellProcess implements ShellProcess {
  readonly exited: Promise<ShellExit>;
  private child: ChildProcess | undefined;
  private readonly started: Promise<unknown>;
  private readonly listeners = new Set<(text: string) => void>();
  private readonly tail: FileTail;
  private readonly graceMs: number;
  private done = false;

  /**
   * `child` is pending while a sandboxed command is being wrapped; `violations` reports, once it exited,
   * what the sandbox blocked.
   */
  constructor(
    child: ChildProcess | Promise<ChildProcess>,
    private readonly opts: ShellSpawnOptions,
    shellOptions: NodeShellOptions,
    private readonly violations?: () => string[],
  ) {
    if (!(child instanceof Promise)) this.child = child;
    this.graceMs = shellOptions.killGraceMs ?? 2000;
    this.tail = new FileTail(opts.outputFile, (text) => this.listeners.forEach((l) => l(text)), shellOptions.pollMs);
    this.tail.start();
    this.started = Promise.resolve(child).then((c) => (this.child = c));
    this.exited = new Promise<ShellExit>((resolve) => {
      const failed = (what: string, error: unknown) => {
        // Spawning failed (a missing cwd shows up as ENOENT here): say so in the output, as a shell would.
        appendFileSync(this.opts.outputFile, `${what}: ${error instanceof Error ? error.message : String(error)}\n`);
        void this.finish({ code: 127 }).then(resolve);
      };
      Promise.resolve(child).then(
        (c) => {
          c.once('error', (error) => failed(`Could not start bash in ${this.opts.cwd}`, error));
          c.once('exit', (code, signal) => {
            const exit: ShellExit = signal ? { code: 128 + (osConstants.signals[signal] ?? 0), signal } : { code: code ?? 0 };
            void this.finish(exit).then(resolve);
          });
        },
        (error: unknown) => failed('Could not start the sandbox', error),
      );
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  onOutput(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async kill(): Promise<void> {
    await this.started.catch(() => undefined);
    if (this.pid === undefined) return;
    if (!this.done || groupAlive(this.pid)) await killProcessGroup(this.pid, this.graceMs);
    await this.exited;
  }

  background(): void {
    // Nobody reads along any more: the output stays in the file for the model to Read.
    void this.tail.stop();
  }

  private async finish(exit: ShellExit): Promise<ShellExit> {
    if (this.done) return exit;
    this.done = true;
    await this.tail.stop();
    this.listeners.clear();
    const marker = `${this.opts.outputFile}.cwd`;
    let cwd: string | undefined;
    try {
      cwd = readFileSync(marker, 'utf8').replace(/\n$/, '') || undefined;
    } catch {
      // No marker: the shell never got to its trap (killed, or failed to start).
    }
    rmSync(marker, { force: true });
    const blocked = this.violations?.() ?? [];
    return { ...exit, ...(cwd ? { cwd } : {}), ...(blocked.length ? { sandboxViolations: blocked } : {}) };
  }
}
