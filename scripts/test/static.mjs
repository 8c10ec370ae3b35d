// The static layer: five checks, each counted once: the type check, ESLint (package bans, UI-test rules, no
// function over 80 lines and no file over 300 in extension/ and webview/), dependency-cruiser (which folder may
// import which: .dependency-cruiser.mjs), and the proofs that each of those rules reports a planted violation
// (scripts/check-layer-rule.mjs for ESLint's, scripts/check-dependency-rules.mjs for dependency-cruiser's).
// The lint and dependency checks are `npm run lint`'s two halves.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);
const CHECKS = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['dependency rules', bin('depcruise'), ['extension', 'webview', '--config', '.dependency-cruiser.mjs', '--output-type', 'err']],
  ['lint rules bite', process.execPath, ['scripts/check-layer-rule.mjs']],
  ['dependency rules bite', process.execPath, ['scripts/check-dependency-rules.mjs']],
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
