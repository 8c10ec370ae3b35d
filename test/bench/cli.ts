/**
 * The headless CLI end to end: wall time and peak memory of a 20-turn session with 50 tool calls, against
 * the fake API on loopback (its streaming has no artificial delay). Runs the built dist/cli.js (with its
 * dist/lazy/ chunks).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAnthropic, type FakeTurn } from '../fixtures/fake-anthropic';

const ROOT = path.resolve(__dirname, '../..');
/**
 * Peak RSS of this session before issue 19's memory cuts (lazy chunks, ASCII bundles, lazy grammar, Liftoff),
 * measured on the same machine as the figures in docs/ARCHITECTURE.md "Host memory": an older build cannot be run
 * beside today's in one bench run, so it is quoted.
 */
const RSS_BEFORE_MB = 144.6;

/**
 * The session: 19 tool turns (12×3 + 7×2 = 50 calls) and a closing reply; `BENCH_CLI_LONG=1`: the issue's longer
 * one, 40 tool turns (20×3 + 20×2 = 100 calls) and the reply.
 */
const LONG = process.env.BENCH_CLI_LONG === '1';

function script(): FakeTurn[] {
  const turns: FakeTurn[] = [];
  let calls = 0;
  const [toolTurns, triples] = LONG ? [40, 20] : [19, 12];
  for (let t = 0; t < toolTurns; t++) {
    const n = t < triples ? 3 : 2;
    const content: FakeTurn['content'] = [{ type: 'text', text: `Turn ${t + 1}: searching for tools.` }];
    for (let k = 0; k < n; k++) content!.push({ type: 'tool_use', id: `toolu_${t}_${k}`, name: 'ToolSearch', input: { query: `select:Tool${calls++}` } });
    turns.push({ content });
  }
  turns.push({ content: [{ type: 'text', text: `Finished after ${calls} tool calls.` }] });
  return turns;
}

interface CliRun {
  code: number | null;
  wallMs: number;
  rssMb: number;
  requests: number;
  result: { num_turns?: number; subtype?: string };
}

/** One run of the session through the bundle `cli`, against a fresh fake API. */
async function runCli(cli: string): Promise<CliRun> {
  const fake = await startFakeAnthropic({ script: script() });
  try {
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-bench-cli-'));
    const started = performance.now();
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--require', path.join(__dirname, 'rss-report.cjs'), cli, '-p', 'run the searches', '--output-format', 'json', '--max-turns', '60'], {
        cwd,
        env: { ...process.env, ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: fake.url, CODEWRIGHT_HOME: path.join(cwd, '.home') },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
    });
    const wallMs = performance.now() - started;
    const rssMb = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as CliRun['result'];
    return { code, wallMs, rssMb, requests: fake.requests.length, result };
  } finally {
    await fake.close();
  }
}

/**
 * `BENCH_CLI_BEFORE=/path/to/an/older/dist/cli.js` also runs that build in the same bench run (e.g. one made
 * from `git archive <commit>`), for a before/after ratio measured on the same machine at the same time.
 */
export async function benchCli(): Promise<void> {
  const cli = path.join(ROOT, 'dist/cli.js');
  if (!existsSync(cli)) {
    console.log('cli: dist/cli.js is missing; run `npm run build` first');
    return;
  }
  const now = await runCli(cli);
  console.log(`cli: ${LONG ? '41 model turns, 100' : '20 model turns, 50'} tool calls (${now.requests} requests, exit ${now.code}, ${now.result.subtype}, num_turns ${now.result.num_turns})`);
  console.log(`  wall time ${now.wallMs.toFixed(0)} ms; peak RSS ${now.rssMb.toFixed(1)} MB (target ≤ 80 MB${LONG ? '' : `; before issue 19's cuts ${RSS_BEFORE_MB} MB`})`);
  const before = process.env.BENCH_CLI_BEFORE;
  if (!before) return;
  const old = await runCli(before);
  console.log(`  ${before}: exit ${old.code}, wall time ${old.wallMs.toFixed(0)} ms; peak RSS ${old.rssMb.toFixed(1)} MB`);
  console.log(`  ratio peak RSS now / before: ${(now.rssMb / old.rssMb).toFixed(2)}x`);
}
