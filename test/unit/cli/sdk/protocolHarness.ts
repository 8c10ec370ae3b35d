/** The CLI as a child speaking the SDK's control protocol: lines in on stdin, lines out of stdout, awaited by content. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MAIN = path.resolve(__dirname, '../../../../extension/cli/main.ts');
const TSX = pathToFileURL(path.resolve(__dirname, '../../../../node_modules/tsx/dist/loader.mjs')).href;

export type Line = Record<string, unknown>;

export interface ProtocolCli {
  child: ChildProcess;
  lines: Line[];
  stderr: () => string;
  send(line: Line): void;
  /** The first line (from `from` on) that `match` accepts; waits for it to arrive. */
  next(match: (line: Line) => boolean, from?: number): Promise<Line>;
  exited: Promise<number | null>;
}

export const SDK_ARGS = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json', '--permission-prompt-tool', 'stdio'];

export function startProtocolCli(args: string[], where: { env: NodeJS.ProcessEnv; cwd: string }): ProtocolCli {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], { cwd: where.cwd, env: where.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (text.trim()) lines.push(JSON.parse(text) as Line);
    }
    for (const w of waiters) w();
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let closed = false;
  void exited.then(() => {
    closed = true;
    for (const w of waiters) w();
  });
  return {
    child,
    lines,
    stderr: () => stderr,
    send: (line) => void child.stdin!.write(`${JSON.stringify(line)}\n`),
    exited,
    next(match, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (closed) {
            waiters.delete(check);
            reject(new Error(`the CLI exited before the line came; stderr:\n${stderr}\nstdout:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

export const user = (text: string, uuid?: string): Line => ({ type: 'user', session_id: '', message: { role: 'user', content: [{ type: 'text', text }] }, parent_tool_use_id: null, ...(uuid ? { uuid } : {}) });
export const isType = (type: string, subtype?: string) => (l: Line) => l.type === type && (subtype === undefined || l.subtype === subtype);
export const controlRequest = (subtype: string) => (l: Line) => l.type === 'control_request' && (l.request as { subtype?: string }).subtype === subtype;
export const responseTo = (id: string) => (l: Line) => l.type === 'control_response' && (l.response as { request_id?: string }).request_id === id;
