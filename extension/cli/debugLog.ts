/**
 * The CLI's log: silent unless `--debug [FILTER]`, `--debug-to-stderr`, `--debug-file PATH` or CODEWRIGHT_DEBUG
 * asks for it. Lines go to stderr (--debug, --debug-to-stderr, CODEWRIGHT_DEBUG) and/or are appended to the
 * debug file; --debug's comma-separated words keep the lines holding one of them, `!word` drops those holding it.
 */
import { appendFileSync } from 'node:fs';
import { format } from 'node:util';
import type { Logger } from '../core/contracts/settings';

export interface DebugFlags {
  debug?: string | undefined;
  'debug-to-stderr': boolean;
  'debug-file'?: string | undefined;
}

/** Whether a line passes `--debug`'s filter (case-insensitive; no words keep everything). */
export function debugFilter(filter: string | undefined): (line: string) => boolean {
  const words = (filter ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const keep = words.filter((w) => !w.startsWith('!'));
  const drop = words.filter((w) => w.startsWith('!')).map((w) => w.slice(1));
  return (line) => {
    const text = line.toLowerCase();
    if (drop.some((w) => text.includes(w))) return false;
    return keep.length === 0 || keep.some((w) => text.includes(w));
  };
}

export function cliLogger(opts: DebugFlags, stderr: NodeJS.WritableStream = process.stderr, env: NodeJS.ProcessEnv = process.env): Logger {
  const file = opts['debug-file'];
  const toStderr = opts.debug !== undefined || opts['debug-to-stderr'] || !!env.CODEWRIGHT_DEBUG;
  const keep = debugFilter(opts.debug);
  let fileFailed = false;
  const out =
    (level: string) =>
    (message: string | Error, ...args: unknown[]): void => {
      if (!toStderr && !file) return;
      const line = `[${level}] ${format(message instanceof Error ? message.message : message, ...args)}`;
      if (!keep(line)) return;
      if (toStderr) stderr.write(`${line}\n`);
      if (!file || fileFailed) return;
      try {
        appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
      } catch (err) {
        // Once: a debug file that cannot be written must not fail the run.
        fileFailed = true;
        stderr.write(`codewright: --debug-file ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    };
  return { trace: out('trace'), debug: out('debug'), info: out('info'), warn: out('warn'), error: out('error') };
}
