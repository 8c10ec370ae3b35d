/**
 * The scripted session of the `turns` bench (issue 31, "Cheaper turns"): a scratch workspace of ten small modules
 * and a model that makes 100 tool calls over 40 turns (20 turns of 3 calls, then 20 of 2) with the default
 * tools both agents offer (Read, Grep, Glob, Edit, Write, Bash, TodoWrite), then closes with a reply: 41 model
 * turns. The same script drives Codewright and Claude Code, so only what each agent sends differs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeTurn, FallbackRequest } from '../fixtures/fake-anthropic';

export const MODULES = 10;
export const TOOL_TURNS = 40;
export const CALLS = 100;

/** Ten modules of ~40 lines, each with one `TODO tidy` the session removes, plus a README and a package.json. */
export function makeWorkspace(dir: string): void {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  for (let i = 0; i < MODULES; i++) {
    const helpers = Array.from({ length: 8 }, (_, k) => [`export function helper${i}_${k}(xs: number[]): number {`, `  return xs.reduce((sum, x) => sum + x * ${k + 1}, ${i});`, '}', ''].join('\n'));
    const text = [`// Module ${i}: arithmetic helpers used by the report.`, '', `export function fn${i}(a: number): number {`, `  return a + ${i}; // TODO tidy`, '}', '', ...helpers].join('\n');
    writeFileSync(path.join(dir, 'src', `mod${i}.ts`), text);
  }
  writeFileSync(path.join(dir, 'README.md'), '# Report\n\nArithmetic helpers for the monthly report. Run `npm test`.\n');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'report', version: '1.0.0', scripts: { test: 'echo ok' } }, null, 2) + '\n');
}

interface Call {
  name: string;
  input: Record<string, unknown>;
}

/**
 * How the session's Bash commands behave: `read` (the default) only reads; `write` makes both of each module's
 * commands write a file beside it (the snapshot bench's session, where each of the 20 runs between snapshots).
 */
export type BashMode = 'read' | 'write';

/** Ten calls per module; the Read of a file always lands in an earlier turn than its Edit. */
function callsFor(dir: string, i: number, bash: BashMode): Call[] {
  const file = path.join(dir, 'src', `mod${i}.ts`);
  const fresh = path.join(dir, 'src', `new${i}.ts`);
  const todos = Array.from({ length: MODULES }, (_, k) => ({
    content: `Tidy module ${k}`,
    activeForm: `Tidying module ${k}`,
    status: k < i ? 'completed' : k === i ? 'in_progress' : 'pending',
  }));
  return [
    { name: 'Grep', input: { pattern: `fn${i}\\b`, path: dir } },
    { name: 'Glob', input: { pattern: `src/mod${i}*.ts`, path: dir } },
    { name: 'Read', input: { file_path: file } },
    { name: 'Bash', input: { command: bash === 'write' ? `wc -l src/mod${i}.ts > src/mod${i}.lines` : `wc -l src/mod${i}.ts`, description: `Count lines of module ${i}` } },
    { name: 'TodoWrite', input: { todos } },
    { name: 'Edit', input: { file_path: file, old_string: `return a + ${i}; // TODO tidy`, new_string: `return a + ${i};` } },
    { name: 'Write', input: { file_path: fresh, content: `import { fn${i} } from './mod${i}';\n\nexport const twice${i} = (a: number): number => fn${i}(fn${i}(a));\n` } },
    { name: 'Read', input: { file_path: fresh } },
    {
      name: 'Bash',
      input: { command: bash === 'write' ? `grep -c TODO src/mod${i}.ts > src/mod${i}.todos || true` : `grep -c TODO src/mod${i}.ts || true`, description: `Count TODOs left in module ${i}` },
    },
    { name: 'Grep', input: { pattern: 'TODO', path: path.join(dir, 'src'), output_mode: 'content', '-n': true } },
  ];
}

/** The 41 model turns: 20 of 3 calls, 20 of 2 calls, then the closing reply. */
export function sessionTurns(dir: string, bash: BashMode = 'read'): FakeTurn[] {
  const calls = Array.from({ length: MODULES }, (_, i) => callsFor(dir, i, bash)).flat();
  const turns: FakeTurn[] = [];
  let next = 0;
  for (let t = 0; t < TOOL_TURNS; t++) {
    const n = t < TOOL_TURNS / 2 ? 3 : 2;
    const content: NonNullable<FakeTurn['content']> = [{ type: 'text', text: `Step ${t + 1}: checking the next module.` }];
    for (const call of calls.slice(next, next + n)) content.push({ type: 'tool_use', id: `toolu_bench_${String(next++).padStart(3, '0')}`, ...call });
    turns.push({ content });
  }
  if (next !== CALLS) throw new Error(`turns bench: the script makes ${next} calls, not ${CALLS}`);
  turns.push({ content: [{ type: 'text', text: `Tidied all ${MODULES} modules in ${CALLS} tool calls.` }] });
  return turns;
}

type Body = Record<string, unknown>;
type Block = { type?: string };

const toolsOf = (body: Body): Array<{ name?: string }> => (Array.isArray(body['tools']) ? (body['tools'] as Array<{ name?: string }>) : []);

/** A request of the agent's own loop (it offers Read), as opposed to a side request (titles, quota checks). */
export const isMainRequest = (body: Body): boolean => toolsOf(body).some((t) => t.name === 'Read');

/** Tool calls the conversation has made so far: the script's position, whatever the agent's message layout. */
function callsSoFar(body: Body): number {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as Array<{ role?: string; content?: unknown }>) : [];
  return messages
    .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
    .reduce((n, m) => n + (m.content as Block[]).filter((b) => b.type === 'tool_use').length, 0);
}

/**
 * Answers each main request with the script's turn for the calls made so far (so side requests, which Claude Code
 * makes for titles and such, neither consume nor shift the script), and side requests with a short text.
 */
export function scriptedFallback(dir: string, bash: BashMode = 'read'): (request: FallbackRequest) => FakeTurn {
  const turns = sessionTurns(dir, bash);
  const starts = new Map<number, FakeTurn>();
  let calls = 0;
  for (const turn of turns) {
    starts.set(calls, turn);
    calls += (turn.content ?? []).filter((b) => b.type === 'tool_use').length;
  }
  return ({ body }) => {
    if (!isMainRequest(body)) return { content: [{ type: 'text', text: 'ok' }] };
    const done = callsSoFar(body);
    return starts.get(done) ?? { content: [{ type: 'text', text: `The script has no turn after ${done} tool calls.` }] };
  };
}
