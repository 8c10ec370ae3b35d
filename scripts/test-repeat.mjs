// `npm run test:repeat -- <layer> <N> [--busy]`: runs one test layer N times on the current build and prints
// each run's failures and a final tally, to prove a layer stable (or catch a flaky test) before it lands.
// `--busy` keeps one core busy with another process for the whole time, as on a loaded CI machine.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build, counts, failures, layerNamed, runLayer } from './test/layers.mjs';

const args = process.argv.slice(2);
const [name, timesArg] = args.filter((a) => !a.startsWith('--'));
const times = Number(timesArg ?? 5);
if (!name || !Number.isInteger(times) || times < 1) {
  console.error('Usage: npm run test:repeat -- <layer> <N> [--busy]');
  process.exit(2);
}
const layer = layerNamed(name);
const verbose = args.includes('--verbose');

if (layer.build) build();
const hog = args.includes('--busy') ? spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }) : undefined;
const stopHog = () => hog?.kill('SIGKILL');
process.on('exit', stopHog);
process.on('SIGINT', () => process.exit(130));

const runs = [];
const byTest = new Map();
for (let i = 1; i <= times; i++) {
  const started = Date.now();
  const { code, output } = await runLayer(name, { quiet: !verbose });
  const c = counts(output);
  const failed = failures(output);
  for (const t of failed) byTest.set(t, (byTest.get(t) ?? 0) + 1);
  const seconds = Math.round((Date.now() - started) / 1000);
  runs.push({ ok: code === 0, ...c, seconds });
  console.log(`run ${i}/${times}: ${code === 0 ? 'ok  ' : 'FAIL'} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (${seconds} s)`);
  for (const t of failed) console.log(`    ✗ ${t}`);
  if (code !== 0) {
    // The whole output of a failed run is kept, so a flaky failure can be read after the tally.
    mkdirSync('test-results', { recursive: true });
    const log = `test-results/repeat-${name}-${String(i)}.log`;
    writeFileSync(log, output);
    console.log(`    output: ${log}`);
    if (failed.length === 0) console.log(output.split('\n').slice(-40).join('\n'));
  }
}
stopHog();

const bad = runs.filter((r) => !r.ok).length;
console.log(`\n=== ${name} × ${times}${hog ? ' (one core busy)' : ''} ===`);
console.log(`runs: ${times - bad} passed, ${bad} failed; tests failed over all runs: ${runs.reduce((n, r) => n + r.failed, 0)}`);
for (const [t, n] of [...byTest].sort((a, b) => b[1] - a[1])) console.log(`  ${n}/${times} ✗ ${t}`);
process.exit(bad ? 1 : 0);
