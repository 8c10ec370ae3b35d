// The static layer: three checks, each counted once: the type check, the lint, and the proof that the lint's
// layer and UI-test rules bite (scripts/check-layer-rule.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);
const CHECKS = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['lint rules bite', process.execPath, ['scripts/check-layer-rule.mjs']],
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
