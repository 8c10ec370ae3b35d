// Proves the ESLint rules of the house bite: the package bans of the layers (`vscode`, the SDK, MCP's SDK,
// `node:*`), the UI tests' no-one-shot-read rule and the size limits (80 lines a function, 300 a file). Lints
// forged sources placed (virtually) in the guarded folders and fails unless each violation is reported and
// each allowed source is not. Which folder may import which is dependency-cruiser's, proved by
// scripts/check-dependency-rules.mjs. Run by the static test layer (scripts/test/static.mjs) and by `npm run check:layers`.
import { ESLint } from 'eslint';

const IMPORTS = 'no-restricted-imports';
const ONE_SHOT = 'no-restricted-syntax';
/** A source that imports `name` from `spec` and uses it. */
const imp = (spec, name = 'x') => `import { ${name} } from '${spec}';\nexport const y = ${name};\n`;
/** `n` lines of statements. */
const body = (n) => Array.from({ length: n }, (_, i) => `  console.log(${i});`).join('\n');
/** A source with one function of `lines` lines. */
const fn = (lines) => `export function f() {\n${body(lines - 2)}\n}\n`;
/** A source of `lines` lines. */
const file = (lines) => `${Array.from({ length: lines }, (_, i) => `export const a${i} = ${i};`).join('\n')}\n`;

// [file, rule, source, reported?]
const cases = [
  ['extension/core/engines/tools/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['extension/core/base/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), true],
  ['extension/core/engines/mcp/__probe__.ts', IMPORTS, imp('@modelcontextprotocol/sdk/client/index.js'), true],
  ['extension/conversation/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['extension/chat/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['extension/conversation/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), true],
  ['extension/conversation/__probe__.ts', IMPORTS, imp('@anthropic-ai/bedrock-sdk'), true],
  ['extension/protocol/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['extension/protocol/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk/resources'), true],
  ['extension/ui/__probe__.ts', IMPORTS, imp('@anthropic-ai/vertex-sdk'), true],
  ['extension/ui/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), true],
  ['extension/host/node/__probe__.ts', IMPORTS, imp('@anthropic-ai/foundry-sdk'), true],
  ['extension/tools/Edit/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), true],
  ['extension/cli/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['webview/__probe__.ts', IMPORTS, imp('vscode'), true],
  ['webview/__probe__.tsx', IMPORTS, imp('node:fs', 'readFileSync'), true],
  ['webview/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), true],
  // Allowed imports must stay allowed, or the rule is just broken in the other direction.
  ['extension/llm/__probe__.ts', IMPORTS, imp('@anthropic-ai/sdk'), false],
  ['extension/llm/providers/__probe__.ts', IMPORTS, imp('@anthropic-ai/bedrock-sdk'), false],
  ['extension/ui/chat/__probe__.ts', IMPORTS, imp('vscode'), false],
  ['extension/host/vscode/__probe__.ts', IMPORTS, imp('vscode'), false],
  ['extension/host/node/mcp/__probe__.ts', IMPORTS, imp('@modelcontextprotocol/sdk/client/index.js'), false],
  ['extension/protocol/__probe__.ts', IMPORTS, imp('zod', 'z'), false],
  ['extension/core/contracts/__probe__.ts', IMPORTS, imp('zod', 'z'), false],
  ['webview/__probe__.tsx', IMPORTS, imp('../extension/protocol/messages', 'parseHostToWebview'), false],
  // UI tests: a read right after an event must retry (test/support/ui.ts).
  ['test/webview/__probe__.test.ts', ONE_SHOT, 'export async function t(l: { count(): Promise<number> }) {\n  expect(await l.count()).toBe(1);\n}\n', true],
  ['test/e2e/__probe__.test.ts', ONE_SHOT, 'export async function t(l: { innerText(): Promise<string> }) {\n  const text = await l.innerText();\n  return text;\n}\n', true],
  ['test/webview/__probe__.test.ts', ONE_SHOT, 'export async function t(l: { count(): Promise<number> }) {\n  await expect.poll(() => l.count()).toBe(1);\n}\n', false],
  // Sizes: a function of 81 lines and a file of 301 are reported in extension/ and webview/, 80 and 300 are not.
  ['extension/core/engines/tasks/__probe__.ts', 'max-lines-per-function', fn(81), true],
  ['webview/__probe__.tsx', 'max-lines-per-function', `(() => {\n${body(79)}\n})();\n`, true],
  ['extension/ui/__probe__.ts', 'max-lines-per-function', fn(80), false],
  ['extension/conversation/__probe__.ts', 'max-lines', file(301), true],
  ['webview/__probe__.tsx', 'max-lines', file(301), true],
  ['extension/tools/Read/__probe__.ts', 'max-lines', file(300), false],
  ['test/unit/__probe__.test.ts', 'max-lines', file(400), false],
];

const eslint = new ESLint();
let failed = 0;
for (const [filePath, rule, code, expect] of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  const hit = result.messages.some((m) => m.ruleId === rule);
  const ok = hit === expect;
  if (!ok) failed++;
  const lines = code.split('\n').length - 1;
  const what = lines > 10 ? `${lines} lines` : code.split('\n')[0];
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${filePath} ${rule}: ${what} -> ${hit ? 'reported' : 'allowed'}`);
}
console.log(`${cases.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
