// Proves each rule of .dependency-cruiser.mjs bites: plants an importing and an imported file per case in a
// scratch folder (test-results/, removed afterwards), cruises them all at once with the project's rules, and
// fails unless each planted violation is reported under its rule and each allowed import is not. Run by the
// static test layer (scripts/test/static.mjs) and by `npm run check:layers`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import config from '../.dependency-cruiser.mjs';

const C = 'extension/core';
// [rule expected (null: allowed), folder of the importing file, folder of the imported file, options].
// `type`: the import is type-only; `back`: the imported file imports the first one back (a cycle).
// A folder ending in `.ts` is the imported file itself.
const CASES = [
  // Floors: each imports its own floor and those below, nothing above.
  ['core-floor-base', `${C}/base`, `${C}/contracts`, { type: true }],
  ['core-floor-contracts', `${C}/contracts`, `${C}/engines/permissions`, { type: true }],
  ['core-floor-engines', `${C}/engines/permissions`, `${C}/loop/query`, { type: true }],
  ['core-floor-loop', `${C}/loop/session`, `${C}/stray`],
  [null, `${C}/base/text`, `${C}/base`],
  [null, `${C}/contracts`, `${C}/base/text`, { type: true }],
  [null, `${C}/engines/checkpoints`, `${C}/contracts`],
  [null, `${C}/loop/query`, `${C}/engines/mcp`],
  // Areas: an area imports only those listed before it in its floor.
  ['core-order-engines-permissions', `${C}/engines/permissions`, `${C}/engines/tasks`, { type: true }],
  ['core-order-loop-query', `${C}/loop/query`, `${C}/loop/session`],
  ['core-order-engines-models', `${C}/engines/models`, `${C}/engines`],
  [null, `${C}/engines/permissions`, `${C}/engines/models`],
  [null, `${C}/engines/permissions/bash`, `${C}/engines/permissions`],
  [null, `${C}/loop/session`, `${C}/loop/query`],
  // Every file of engines/ and loop/ sits in a listed area.
  ['core-area-unlisted', `${C}/engines`, `${C}/base`],
  ['core-area-unlisted', `${C}/loop/nosucharea`, `${C}/base`],
  // Cycles, through a type-only import too.
  ['no-circular', `${C}/engines/tasks`, `${C}/engines/tasks`, { type: true, back: true }],
  ['no-circular', `${C}/loop/query`, `${C}/loop/query`, { back: true }],
  // contracts/ is exempt: the seed's types name each other.
  [null, `${C}/contracts`, `${C}/contracts`, { back: true }],
  // core/ imports nothing outside itself.
  ...['host/node', 'ui/chat', 'llm', 'protocol', 'conversation', 'chat', 'tools/Read', 'cli'].map((to) => ['core-imports-only-core', `${C}/engines/tools`, `extension/${to}`]),
  ['core-imports-only-core', `${C}/base`, 'extension/extension.ts'],
  // The chat view model: core/ and protocol/ only.
  ...['host/node', 'ui/chat', 'llm', 'tools/Read'].map((to) => ['conversation-no-outer', 'extension/conversation', `extension/${to}`]),
  ['conversation-no-outer', 'extension/chat', 'extension/tools/shared'],
  [null, 'extension/conversation', `${C}/contracts`, { type: true }],
  [null, 'extension/conversation/toolViews', 'extension/protocol'],
  // protocol/ imports only itself.
  ['protocol-only-itself', 'extension/protocol', `${C}/base`],
  ['protocol-only-itself', 'extension/protocol', 'extension/conversation', { type: true }],
  ['protocol-only-itself', 'extension/protocol', `${C}/contracts`],
  [null, 'extension/protocol', 'extension/protocol'],
  // …but for the tool names, spelled once in core/contracts/toolNames.ts.
  [null, 'extension/protocol', `${C}/contracts/toolNames.ts`],
  // ui/ and host/ reach tools through core.
  ['ui-host-no-tools', 'extension/ui/chat', 'extension/tools/Edit'],
  ['ui-host-no-tools', 'extension/host/vscode', 'extension/tools/tools.ts'],
  [null, 'extension/ui/chat', `${C}/contracts`, { type: true }],
  // A tool imports no other tool (tools/shared/ neither).
  ['tool-no-other-tool', 'extension/tools/Edit', 'extension/tools/Write'],
  ['tool-no-other-tool', 'extension/tools/shared', 'extension/tools/Bash'],
  [null, 'extension/tools/Edit', 'extension/tools/shared'],
  [null, 'extension/tools/Edit', 'extension/tools/Edit/sub'],
  [null, 'extension/tools/Edit', `${C}/contracts`],
  [null, 'extension/tools', 'extension/tools/Read'],
  // The CLI: nothing of host/vscode/.
  ['cli-no-vscode-host', 'extension/cli', 'extension/host/vscode'],
  [null, 'extension/cli', 'extension/host/node'],
  // The webview: of extension/ only protocol/.
  ['webview-only-protocol', 'webview', 'extension/conversation'],
  ['webview-only-protocol', 'webview/tools', `${C}/base`, { type: true }],
  [null, 'webview/tools', 'extension/protocol', { type: true }],
];

/** The planted files of case `n`: the importer and the imported file, with the importer's path. */
function plant([, fromDir, toDir, { type = false, back = false } = {}], n) {
  const from = `${fromDir}/__probe${n}_from.ts`;
  const to = toDir.endsWith('.ts') ? toDir : `${toDir}/__probe${n}_to.ts`;
  const spec = (a, b) => {
    const rel = path.posix.relative(path.posix.dirname(a), b).replace(/\.ts$/, '');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const importer = type ? `import type { T${n} } from '${spec(from, to)}';\nexport type F${n} = T${n};\n` : `import { v${n} } from '${spec(from, to)}';\nexport const f${n} = v${n};\n`;
  const imported = back ? `import type { F${n} } from '${spec(to, from)}';\nexport type T${n} = F${n};\nexport const v${n} = 1;\n` : `export type T${n} = number;\nexport const v${n} = 1;\n`;
  return { from, files: { [from]: importer, [to]: imported } };
}

/** Cruises the planted tree in `dir` with the project's rules: the rule names reported per importing file. */
async function rulesByFile(dir) {
  // Only relative imports are planted: tsconfig.json's settings change nothing here.
  const { tsConfig: _tsConfig, ...options } = config.options;
  const result = await cruise(['extension', 'webview'], {
    ...options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden, required: config.required },
  });
  const found = new Map();
  for (const v of result.output.summary.violations) {
    found.set(v.from, new Set([...(found.get(v.from) ?? []), v.rule.name]));
  }
  return found;
}

const dir = path.resolve('test-results', `dependency-probe-${process.pid}`);
rmSync(dir, { recursive: true, force: true });
let found;
const planted = CASES.map(plant);
try {
  for (const { files } of planted) {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  }
  found = await rulesByFile(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

let failed = 0;
CASES.forEach(([rule, , toDir], n) => {
  const got = [...(found.get(planted[n].from) ?? [])];
  const ok = rule ? got.length === 1 && got[0] === rule : got.length === 0;
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${planted[n].from} -> ${toDir}: ${got.length ? got.join(', ') : 'allowed'}${ok ? '' : ` (expected ${rule ?? 'allowed'})`}`);
});
const rules = [...config.forbidden, ...config.required].map((r) => r.name);
const probed = new Set(CASES.map(([rule]) => rule));
const unprobed = rules.filter((name) => !probed.has(name) && !/^core-order-/.test(name));
if (unprobed.length) {
  failed++;
  console.log(`FAIL rules no case plants a violation of: ${unprobed.join(', ')}`);
}
console.log(`${CASES.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
