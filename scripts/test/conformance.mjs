// The conformance layer (`npm run test:conformance [-- <scenario>…]`): every client scenario the MCP
// project's conformance suite (@modelcontextprotocol/conformance) lists, each run by the suite against the
// built CLI as the client (test/conformance/client.ts), judged by the suite's own checks. A scenario passes
// when the suite says OVERALL: PASSED, or does what EXPECTED says instead (and that is checked too: a
// scenario expected to fail that starts passing fails the layer, so the table stays true).
// Node 20 runs the suite with a preload that adds fs.globSync (conformance-preload.mjs; docs/ARCHITECTURE.md,
// Testing). Needs dist/ (`npm run build`; `npm run test:conformance` builds first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SUITE = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const PRELOAD = path.join(ROOT, 'scripts/test/conformance-preload.mjs');
const CLIENT = path.join(ROOT, 'test/conformance/client.ts');
const SCENARIO_TIMEOUT_MS = 120_000;
const JOBS = Math.max(1, Number(process.env.CONFORMANCE_JOBS) || Math.min(4, cpus().length));

const NOT_OFFERED = 'an extension for machine-to-machine clients (no user, no browser), which Codewright does not offer';
/** Scenarios that must not pass, and why; `check` says what must be true of the run instead. */
const EXPECTED = {
  'elicitation-sep1034-client-defaults': {
    outcome: 'declined',
    why: 'the headless text mode has nobody to ask, so it declines the elicitation (issue 30)',
    check: (run) =>
      run.checks.some((c) => c.id === 'client-elicitation-sep1034-general' && /got 'decline'/.test(c.errorMessage ?? '')) && run.clientExit === 0
        ? undefined
        : 'the CLI did not decline the elicitation and finish its run',
  },
  'auth/client-credentials-jwt': { outcome: 'not offered', why: `SEP-1046 client credentials with private_key_jwt: ${NOT_OFFERED}` },
  'auth/client-credentials-basic': { outcome: 'not offered', why: `SEP-1046 client credentials with client_secret_basic: ${NOT_OFFERED}` },
  'auth/cross-app-access-complete-flow': { outcome: 'not offered', why: `SEP-990 enterprise-managed token exchange: ${NOT_OFFERED}` },
};
/** Timing checks (a reconnect within ±200 ms of the server's retry field): run alone, after the others. */
const ALONE = new Set(['sse-retry']);

/**
 * The client, bundled once for all runs (tsx would compile it again in each), where it finds its files as if
 * run from test/conformance. The suite splits the command at spaces and runs it through a shell, so quoted
 * paths survive.
 */
async function clientCommand(dir) {
  const outfile = path.join(dir, 'client.cjs');
  await esbuild.build({
    entryPoints: [CLIENT],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    define: { __dirname: JSON.stringify(path.dirname(CLIENT)) },
  });
  return [process.execPath, outfile].map((p) => `"${p}"`).join(' ');
}

function clientScenarios() {
  const r = spawnSync(process.execPath, ['--import', PRELOAD, SUITE, 'list'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the suite's list failed: ${r.stderr}`);
  const section = r.stdout.split(/Client scenarios[^\n]*\n/)[1] ?? '';
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

function findChecks(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') return JSON.parse(readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8'));
  }
  return [];
}

/** Runs one scenario through the suite; resolves with what the suite reported. */
function runScenario(name, outDir, command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const args = ['--import', PRELOAD, SUITE, 'client', '--command', command, '--scenario', name, '--timeout', String(SCENARIO_TIMEOUT_MS - 20_000), '-o', outDir];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), SCENARIO_TIMEOUT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      const text = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
      const tally = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(text);
      const exited = /CLIENT EXITED WITH ERROR \(code (-?\d+)\)/.exec(text);
      resolve({
        name,
        output: text,
        passed: /OVERALL: PASSED/.test(text),
        tally: tally ? `${tally[1]}/${tally[2]} checks${Number(tally[4]) ? `, ${tally[4]} warnings` : ''}` : 'no result',
        clientExit: exited ? Number(exited[1]) : /Client timed out/.test(text) ? -1 : 0,
        checks: existsSync(outDir) ? findChecks(outDir) : [],
        seconds: Math.round((Date.now() - started) / 100) / 10,
      });
    });
  });
}

/** Undefined when the run is as it should be, else why not. */
function verdict(run) {
  const expected = EXPECTED[run.name];
  if (!expected) return run.passed ? undefined : 'the suite reports FAILED';
  if (run.passed) return `it passes now: remove it from EXPECTED in scripts/test/conformance.mjs (expected: ${expected.outcome})`;
  return expected.check?.(run);
}

function report(run, problem) {
  const expected = EXPECTED[run.name];
  const what = expected && !problem ? `${expected.outcome}, as expected: ${expected.why}` : run.tally;
  console.log(`  ${problem ? '✗' : '✓'} ${run.name} (${what}; ${run.seconds} s)`);
  if (!problem) return;
  console.log(`      ${problem}`);
  for (const c of run.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')) console.log(`      ${c.status} ${c.id}: ${c.errorMessage ?? c.description}`);
  console.log(run.output.trim().split('\n').slice(-25).map((l) => `      | ${l}`).join('\n'));
}

async function runAll(names) {
  const results = [];
  const outRoot = mkdtempSync(path.join(tmpdir(), 'cw-conformance-'));
  const command = await clientCommand(outRoot);
  let n = 0;
  const one = async (name) => {
    const run = await runScenario(name, path.join(outRoot, String(n++)), command);
    const problem = verdict(run);
    report(run, problem);
    results.push({ run, problem });
  };
  const queue = names.filter((n) => !ALONE.has(n));
  await Promise.all(Array.from({ length: Math.min(JOBS, queue.length) }, async () => {
    while (queue.length) await one(queue.shift());
  }));
  for (const name of names.filter((n) => ALONE.has(n))) await one(name);
  rmSync(outRoot, { recursive: true, force: true });
  return results;
}

const wanted = process.argv.slice(2);
const all = clientScenarios();
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`Unknown scenario(s): ${unknown.join(', ')}. The suite lists: ${all.join(', ')}.`);
  process.exit(2);
}
if (!existsSync(path.join(ROOT, 'dist/cli.js'))) {
  console.error('dist/cli.js is missing: run `npm run build` (or `npm run test:conformance`, which builds).');
  process.exit(2);
}
const names = wanted.length ? wanted : all;
console.log(`MCP conformance suite, ${names.length} client scenarios, the CLI as the client (${JOBS} at a time):`);
const started = Date.now();
const results = await runAll(names);
const failed = results.filter((r) => r.problem);
const offered = results.filter((r) => !r.problem && EXPECTED[r.run.name]?.outcome === 'not offered').length;
console.log(`\n${names.length - failed.length - offered} scenarios as required, ${offered} not offered (checked to fail), ${failed.length} wrong, in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`conformance: ${results.length - failed.length - offered} passed, ${failed.length} failed, ${offered} skipped`);
process.exit(failed.length ? 1 : 0);
