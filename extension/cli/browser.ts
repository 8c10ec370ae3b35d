/**
 * Opening a URL in the user's browser from the CLI (the OAuth sign-in of MCP servers, cli/mcpOAuth.ts): the
 * `BROWSER` environment variable first, as other command-line tools read it (a command, or several separated
 * like PATH of which the first is used; `%s` stands for the URL, else the URL is the last argument), else the
 * system's opener: `open` on macOS, `start` on Windows, `xdg-open` elsewhere when a display is there to show
 * it. No opener: the caller prints the URL for the user to open (it prints it in every case).
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface BrowserCommand {
  command: string;
  args: string[];
  /** Where it came from, for messages. */
  via: 'BROWSER' | 'system';
  /** `start` is a built-in of cmd.exe: its line must reach cmd as written. */
  verbatim?: boolean;
}

export interface OpenerHost {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** Whether an executable of that name is on PATH. */
  onPath(command: string): boolean;
}

/** The command that opens `url`, or undefined when nothing here can open a browser. */
export function browserCommand(url: string, host: OpenerHost): BrowserCommand | undefined {
  const fromEnv = host.env.BROWSER?.split(host.platform === 'win32' ? ';' : ':').find((c) => c.trim());
  if (fromEnv) {
    const words = splitWords(fromEnv.trim());
    const [command, ...rest] = words;
    if (command) {
      const withUrl = rest.some((w) => w.includes('%s'));
      return { command, args: withUrl ? rest.map((w) => w.replaceAll('%s', url)) : [...rest, url], via: 'BROWSER' };
    }
  }
  if (host.platform === 'darwin') return { command: 'open', args: [url], via: 'system' };
  if (host.platform === 'win32') return { command: 'cmd.exe', args: ['/d', '/s', '/c', `start "" "${url.replaceAll('"', '%22')}"`], via: 'system', verbatim: true };
  const display = host.env.DISPLAY || host.env.WAYLAND_DISPLAY;
  if (display && host.onPath('xdg-open')) return { command: 'xdg-open', args: [url], via: 'system' };
  return undefined;
}

/** This process's host. */
export function currentHost(env: NodeJS.ProcessEnv = process.env): OpenerHost {
  return { env, platform: process.platform, onPath: (command) => onPath(command, env) };
}

/** Starts the browser and leaves it running; rejects when the command cannot be started. */
export function openWith(command: BrowserCommand): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, { stdio: 'ignore', detached: true, windowsHide: true, ...(command.verbatim ? { windowsVerbatimArguments: true } : {}) });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // Not in this one.
    }
  }
  return false;
}

/** Words of a command line: whitespace separates, single and double quotes group (no other shell syntax). */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word = (word ?? '') + ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}
