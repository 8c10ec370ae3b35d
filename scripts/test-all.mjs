// `npm test`: installs what is missing, builds once, then runs every layer in order, each even when an earlier
// one failed (so one run shows every problem), and ends with a summary of all counts.
import { spawnSync } from 'node:child_process';
import { build, counts, LAYERS, runLayer } from './test/layers.mjs';

const ensure = spawnSync(process.execPath, ['scripts/ensure-deps.mjs'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

console.log('\n=== build (once, for every layer) ===');
build();

const summary = [];
for (const name of Object.keys(LAYERS)) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { code, output } = await runLayer(name);
  summary.push({ name, ok: code === 0, ...counts(output), seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
const line = (c) => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
for (const s of summary) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(12)} ${line(s)} (${s.seconds} s)`);
const total = { passed: 0, failed: 0, skipped: 0 };
for (const s of summary) for (const k of Object.keys(total)) total[k] += s[k];
// A layer that exited non-zero without a failed test (it crashed, or found no tests) still counts as a failure.
total.failed += summary.filter((s) => !s.ok && s.failed === 0).length;
console.log(`total: ${line(total)}`);
process.exit(summary.some((s) => !s.ok) ? 1 : 0);
