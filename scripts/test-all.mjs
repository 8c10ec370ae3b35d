// `npm test`: installs what is missing, then runs every layer in order, each even when an earlier one failed
// (so one run shows every problem), and ends with one summary line of all counts.
import { spawn, spawnSync } from 'node:child_process';

const LAYERS = [
  ['static', 'test:static'],
  ['unit', 'test:unit'],
  ['webview', 'test:webview'],
  ['integration', 'test:integration'],
  ['e2e', 'test:e2e'],
];

const ensure = spawnSync(process.execPath, ['scripts/ensure-deps.mjs'], { stdio: 'inherit' });
if (ensure.status !== 0) process.exit(ensure.status ?? 1);

// eslint-disable-next-line no-control-regex
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

function counts(output) {
  const text = strip(output);
  let passed = 0;
  let failed = 0;
  for (const m of text.matchAll(/^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)) {
    failed += Number(m[1] ?? 0);
    passed += Number(m[2]);
  }
  for (const m of text.matchAll(/^\s*Tests\s+(\d+) failed \((\d+)\)/gm)) failed += Number(m[1]);
  for (const m of text.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed$/gm)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  return { passed, failed };
}

function run(script) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const summary = [];
for (const [name, script] of LAYERS) {
  console.log(`\n=== ${name} (npm run ${script}) ===`);
  const started = Date.now();
  const { code, output } = await run(script);
  const c = counts(output);
  summary.push({ name, ok: code === 0, ...c, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const s of summary) {
  console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(12)} ${s.passed} passed, ${s.failed} failed (${s.seconds} s)`);
}
const passed = summary.reduce((n, s) => n + s.passed, 0);
const failed = summary.reduce((n, s) => n + s.failed, 0);
const broken = summary.filter((s) => !s.ok).length;
console.log(`total: ${passed} passed, ${failed + (broken && !failed ? broken : 0)} failed`);
process.exit(broken ? 1 : 0);
