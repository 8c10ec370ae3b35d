// Proves the layer lint rules and the UI tests' no-one-shot-read rule bite: lints forged sources placed
// (virtually) in the guarded folders and fails unless each violation is reported. Run by the static test
// layer (scripts/test/static.mjs, part of `npm test`) and by `npm run check:layers`.
import { ESLint } from 'eslint';

const cases = [
  { file: 'extension/core/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import { ChatBridge } from '../ui/chat/chatBridge';\nexport const x = ChatBridge;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import { ChatSession } from '../extension/core/chat/chatSession';\nexport const x = ChatSession;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/ui/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  // Allowed imports must stay allowed, or the rule is just broken in the other direction.
  { file: 'webview/__probe__.ts', code: "import { parseHostToWebview } from '../extension/protocol/messages';\nexport const x = parseHostToWebview;\n", expect: false },
  { file: 'extension/core/__probe__.ts', code: "import type { ModelClient } from './ports';\nexport type X = ModelClient;\n", expect: false },
  // UI tests: a read right after an event must retry (test/support/ui.ts).
  { file: 'test/webview/__probe__.test.ts', rule: 'no-restricted-syntax', code: 'export async function t(l: { count(): Promise<number> }) {\n  expect(await l.count()).toBe(1);\n}\n', expect: true },
  { file: 'test/e2e/__probe__.test.ts', rule: 'no-restricted-syntax', code: 'export async function t(l: { innerText(): Promise<string> }) {\n  const text = await l.innerText();\n  return text;\n}\n', expect: true },
  { file: 'test/webview/__probe__.test.ts', rule: 'no-restricted-syntax', code: "export async function t(l: { count(): Promise<number> }) {\n  await expect.poll(() => l.count()).toBe(1);\n}\n", expect: false },
];

const eslint = new ESLint();
let failed = 0;
for (const c of cases) {
  const [result] = await eslint.lintText(c.code, { filePath: c.file });
  const hit = result.messages.some((m) => m.ruleId === (c.rule ?? 'no-restricted-imports'));
  const ok = hit === c.expect;
  if (!ok) failed++;
  const line = c.code.split('\n').find((l) => !l.startsWith('export')) ?? c.code;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.file}: ${line.trim()} -> ${hit ? 'reported' : 'allowed'}`);
}
console.log(`${cases.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
