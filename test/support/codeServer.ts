/**
 * Starts a real VS Code (code-server, installed into ~/.cache/codewright by scripts/setup-code-server.sh)
 * on 127.0.0.1, with a throwaway profile. Shared by the integration runner, the e2e tests and `npm start`.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface CodeServer {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** The URL that opens `folder` with the given payload (extensionDevelopmentPath etc.). */
  urlFor(payload?: [string, string][]): string;
  devPayload(extras?: [string, string][]): [string, string][];
  logs(): string;
  stop(): Promise<void>;
}

export interface CodeServerOptions {
  folder: string;
  /** A `.code-workspace` file to open instead of `folder` (a multi-root workspace). */
  workspaceFile?: string;
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Keep the profile (user data) in this folder instead of a temporary one. */
  profileDir?: string;
  settings?: Record<string, unknown>;
  /** Turn VS Code's workspace trust on (off by default): in a fresh profile the folder opens in Restricted Mode. */
  workspaceTrust?: boolean;
}

/** Installs code-server on first use (a few minutes) and returns its entry script. */
export function ensureCodeServer(): string {
  const out = execFileSync('bash', [path.join(REPO_ROOT, 'scripts/setup-code-server.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const entry = out.trim().split('\n').pop();
  if (!entry) throw new Error('setup-code-server.sh printed no entry path');
  return entry;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function startCodeServer(opts: CodeServerOptions): Promise<CodeServer> {
  const entry = ensureCodeServer();
  const port = opts.port ?? (await freePort());
  const profile = opts.profileDir ?? mkdtempSync(path.join(tmpdir(), 'codewright-cs-'));
  const userData = path.join(profile, 'user-data');
  const extensions = path.join(profile, 'extensions');
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  // Without these a workspace-trust dialog and the welcome page block every click.
  writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'security.workspace.trust.enabled': !!opts.workspaceTrust,
        // With trust on: no startup dialog asking to trust the folder (it would block every click).
        'security.workspace.trust.startupPrompt': 'never',
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'git.openRepositoryInParentFolders': 'never',
        ...opts.settings,
      },
      null,
      2,
    ),
  );
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      entry,
      '--auth', 'none',
      '--bind-addr', `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
      '--user-data-dir', userData,
      '--extensions-dir', extensions,
      opts.workspaceFile ?? opts.folder,
    ],
    // Transcripts and Claude Code's plugin files go to the throwaway profile, not to the ~/.codewright or
    // ~/.claude of whoever runs the tests.
    { env: { CODEWRIGHT_HOME: path.join(profile, 'codewright-home'), ...process.env, CLAUDE_CONFIG_DIR: path.join(profile, 'claude-config'), ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(origin, child, () => output);

  const devPayload = (extras: [string, string][] = []): [string, string][] => [
    ['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${port}${REPO_ROOT}`],
    ['skipWelcome', 'true'],
    ...extras,
  ];
  return {
    origin,
    port,
    devPayload,
    urlFor: (payload) => {
      const q = new URLSearchParams(opts.workspaceFile ? { workspace: opts.workspaceFile } : { folder: opts.folder });
      if (payload) q.set('payload', JSON.stringify(payload));
      return `${origin}/?${q.toString()}`;
    },
    logs: () => output,
    stop: () => killTree(child),
  };
}

/** A vscode-remote URI for a path on this machine, as the payload of code-server expects. */
export function remoteUri(port: number, absPath: string): string {
  return `vscode-remote://127.0.0.1:${port}${absPath}`;
}

async function waitForHttp(origin: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${logs()}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not start within 60 s:\n${logs()}`);
}

/** code-server forks an extension host and more: kill the whole process group. */
export async function killTree(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}
