/**
 * "Continue in Terminal": the chat's session goes on in the headless CLI (`codewright --resume <id>`, its
 * interactive mode) in a VS Code terminal at the workspace folder. Both read and write the same transcripts
 * (docs/ARCHITECTURE.md, Sessions and transcripts), so the conversation continues where the chat left it;
 * the chat then starts anew, so two writers never append to one transcript.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface TerminalLaunch {
  /** What the terminal runs. */
  commandLine: string;
  /** Variables the terminal gets on top of the window's (the key, the API URL, the model, where transcripts are). */
  env: Record<string, string>;
}

export interface LaunchInputs {
  sessionId: string;
  /** `dist/cli.js` of the extension. */
  cliPath: string;
  /** The extension host's own executable (Node, or Electron run as Node). */
  execPath: string;
  platform: NodeJS.Platform;
  /** Whether a program is on the terminal's PATH. */
  onPath(name: string): boolean;
  env: Record<string, string>;
}

/** `codewright --resume <id>` when it is on PATH; else `node <cli.js>`; else the host's executable run as Node. */
export function terminalLaunch(i: LaunchInputs): TerminalLaunch {
  const resume = `--resume ${i.sessionId}`;
  if (i.onPath('codewright')) return { commandLine: `codewright ${resume}`, env: i.env };
  const q = (s: string) => quote(s, i.platform);
  const call = i.platform === 'win32' ? '& ' : '';
  if (i.onPath('node')) return { commandLine: `node ${q(i.cliPath)} ${resume}`, env: i.env };
  return { commandLine: `${call}${q(i.execPath)} ${q(i.cliPath)} ${resume}`, env: { ...i.env, ELECTRON_RUN_AS_NODE: '1' } };
}

/** A path as one shell word: single quotes on POSIX shells, double quotes for PowerShell. */
function quote(s: string, platform: NodeJS.Platform): string {
  if (platform === 'win32') return `"${s.replace(/"/g, '`"')}"`;
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Whether `name` is an executable in one of PATH's folders (on Windows, with one of PATHEXT's endings). */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const endings = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((e) => e.toLowerCase()) : [''];
  return dirs.some((dir) =>
    endings.some((ending) => {
      try {
        accessSync(path.join(dir, name + ending), platform === 'win32' ? constants.F_OK : constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }),
  );
}
