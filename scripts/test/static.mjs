// The static layer: five checks, each counted once: the type check, the lint, the proof that the lint's
// layer and UI-test rules bite (scripts/check-layer-rule.mjs), the probe that the function-length
// check reports a long function, and no function over 80 lines in extension/ or webview/ (scripts/check-function-length.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);
const CHECKS = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['lint rules bite', process.execPath, ['scripts/check-layer-rule.mjs']],
  ['function length probe', process.execPath, ['scripts/check-function-length.mjs', '--probe']],
  ['no function over 80 lines', process.execPath, ['scripts/check-function-length.mjs']],
];

let failed = 0;
for (const [name, cmd, args] of CHECKS) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  const ok = r.status === 0;
  if (!ok) {
    failed++;
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
  }
  console.log(`${ok ? '  ✓' : '  ✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`static: ${CHECKS.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
