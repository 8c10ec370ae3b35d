/**
 * What an approved file change costs in the real extension host (code-server, the chat's inline dialog, the
 * fake API): for Edit and Write of a plain-text file and of a TypeScript file (test/fixtures/ts-project, with
 * VS Code's built-in TypeScript server), the time from the click on Allow to the next model request, against
 * an approved Bash `touch` in the same conversation (the floor every approval pays); and the dialog's delay,
 * from the end of the response that carried the tool call to the dialog appearing in the chat.
 * Aim: Edit/Write add ≤ 150 ms over Bash on plain text and ≤ 1 s on TypeScript; the dialog ≤ 300 ms.
 * Each dialog is read for 1.5 s before Allow is clicked, as a person would (the diff editor opens meanwhile).
 * `BENCH_APPROVAL_ROUNDS` (default 5) sets the measured rounds; one warm-up round (the TypeScript server
 * loads the project) is not counted.
 */
import path from 'node:path';
import type { FakeTurn } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { marks, openBenchWorkbench, type BenchWorkbench } from './approvalWorkbench';

type StepName = 'txt Edit' | 'txt Write' | 'ts Edit (stays clean)' | 'ts Write (adds an error)' | 'ts Write (fixes it)' | 'Bash touch';

interface Step {
  name: StepName;
  turn: FakeTurn;
  /** The tool result that answers it must (true) or must not (false) carry a `<new-diagnostics>` note. */
  diagnostics?: boolean;
}

interface Sample {
  name: StepName;
  dialogMs: number;
  afterAllowMs: number;
  diagnosticsOk: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the bench "reads" each dialog before it clicks Allow. */
const READ_MS = 1_500;

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000, everyMs = 5): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`bench approval: timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

const toolTurn = (id: string, name: string, input: Record<string, unknown>): FakeTurn => ({ content: [{ type: 'tool_use', id, name, input }] });

function steps(ws: string, round: number): { read: FakeTurn[]; approved: Step[] } {
  const txt = path.join(ws, 'notes.txt');
  const ts = path.join(ws, 'src/bench.ts');
  const id = (s: string) => `toolu_r${round}_${s}`;
  const read = [toolTurn(id('readtxt'), 'Read', { file_path: txt }), toolTurn(id('readts'), 'Read', { file_path: ts })];
  const approved: Step[] = [
    { name: 'txt Edit', turn: toolTurn(id('edittxt'), 'Edit', { file_path: txt, old_string: 'value 0', new_string: 'value 1' }) },
    { name: 'txt Write', turn: toolTurn(id('writetxt'), 'Write', { file_path: txt, content: 'value 0\n' }) },
    {
      name: 'ts Edit (stays clean)',
      turn: toolTurn(id('editts'), 'Edit', { file_path: ts, old_string: 'number = 0', new_string: 'number = 1' }),
      diagnostics: false,
    },
    { name: 'ts Write (adds an error)', turn: toolTurn(id('breakts'), 'Write', { file_path: ts, content: "export const value: number = 'zero';\n" }), diagnostics: true },
    { name: 'ts Write (fixes it)', turn: toolTurn(id('fixts'), 'Write', { file_path: ts, content: 'export const value: number = 0;\n' }), diagnostics: false },
    { name: 'Bash touch', turn: toolTurn(id('bash'), 'Bash', { command: `touch marker-${round}.txt`, description: 'Touch a marker' }) },
  ];
  return { read, approved };
}

/** The text of the tool result in the request's last message. */
function lastToolResult(messages: unknown): string {
  const last = Array.isArray(messages) ? (messages.at(-1) as { content?: unknown }) : undefined;
  const blocks = Array.isArray(last?.content) ? (last.content as { type?: string; content?: unknown }[]) : [];
  return JSON.stringify(blocks.filter((b) => b.type === 'tool_result').map((b) => b.content));
}

/** One conversation: read both files, then each approved step; the dialog of each is allowed by a click. */
async function round(wb: BenchWorkbench, n: number): Promise<Sample[]> {
  const { read, approved } = steps(wb.workspace, n);
  wb.fake.setScript([...read, ...approved.map((s) => s.turn), { content: [{ type: 'text', text: `Round ${n} done.` }] }]);
  const input = wb.chat.getByTestId('composer-input');
  await input.fill(`bench round ${n}`);
  await input.press('Enter');
  const samples: Sample[] = [];
  for (const step of approved) {
    const seen = await marks(wb.chat);
    const shownAt = await until(`the dialog of ${step.name}`, async () => (await marks(wb.chat)).dialogs[seen.dialogs.length], 60_000, 10);
    // The response that carried this tool call is the latest one the fake answered.
    const carried = wb.fake.requests.at(-1)!;
    const requestsBefore = wb.fake.requests.length;
    // A person reads the dialog before allowing; meanwhile the diff editor opens beside it, as it does for them.
    await sleep(READ_MS);
    await wb.chat.getByTestId('permission-allow').click();
    const allowedAt = await until('the click on Allow', async () => (await marks(wb.chat)).allows[seen.allows.length], 10_000, 10);
    const next = await until(`the request after ${step.name}`, () => wb.fake.requests[requestsBefore]);
    const result = lastToolResult(next.body.messages);
    samples.push({
      name: step.name,
      dialogMs: shownAt - (carried.answeredAt ?? carried.receivedAt),
      afterAllowMs: next.receivedAt - allowedAt,
      diagnosticsOk: step.diagnostics === undefined || result.includes('new-diagnostics') === step.diagnostics,
    });
  }
  await until('the end of the round', () => (wb.fake.remaining() === 0 ? true : undefined));
  await until('the turn to finish', async () => ((await wb.chat.getByTestId('composer-input').isEnabled()) && (await wb.chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status')) === 'done' ? true : undefined), 60_000, 50);
  return samples;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

function report(samples: Sample[], rounds: number): void {
  const names = [...new Set(samples.map((s) => s.name))];
  const of = (name: StepName) => samples.filter((s) => s.name === name);
  const floor = median(of('Bash touch').map((s) => s.afterAllowMs));
  console.log(`approval in the real extension host, median of ${rounds} rounds (ms)`);
  console.log(`${'step'.padEnd(26)} ${'allow→next request'.padStart(19)} ${'added over Bash'.padStart(16)} ${'dialog delay'.padStart(13)} diagnostics`);
  for (const name of names) {
    const rows = of(name);
    const after = median(rows.map((s) => s.afterAllowMs));
    const dialog = median(rows.map((s) => s.dialogMs));
    const added = name === 'Bash touch' ? '' : (after - floor).toFixed(0);
    const diag = rows.every((s) => s.diagnosticsOk) ? 'as expected' : `WRONG in ${rows.filter((s) => !s.diagnosticsOk).length}`;
    console.log(`${name.padEnd(26)} ${after.toFixed(0).padStart(19)} ${added.padStart(16)} ${dialog.toFixed(0).padStart(13)} ${diag}`);
  }
  const fileSteps = samples.filter((s) => s.name !== 'Bash touch');
  console.log(`dialog delay over all Edit/Write: median ${median(fileSteps.map((s) => s.dialogMs)).toFixed(0)} ms, worst ${Math.max(...fileSteps.map((s) => s.dialogMs)).toFixed(0)} ms`);
}

export async function benchApproval(): Promise<void> {
  const rounds = Number(process.env.BENCH_APPROVAL_ROUNDS ?? 5);
  const wb = await openBenchWorkbench();
  try {
    await round(wb, 0); // warm-up: the TypeScript server loads the project
    const samples: Sample[] = [];
    for (let n = 1; n <= rounds; n++) samples.push(...(await round(wb, n)));
    report(samples, rounds);
  } catch (err) {
    const shot = path.join(REPO_ROOT, 'test-results/bench-approval-failure.png');
    await wb.page.screenshot({ path: shot }).catch(() => undefined);
    console.error(`bench approval failed; the workbench is in ${shot}`);
    throw err;
  } finally {
    await wb.close();
  }
}
