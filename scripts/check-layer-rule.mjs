// Proves the layer lint rules and the UI tests' no-one-shot-read rule bite: lints forged sources placed
// (virtually) in the guarded folders and fails unless each violation is reported. Run by the static test
// layer (scripts/test/static.mjs, part of `npm test`) and by `npm run check:layers`.
import { ESLint } from 'eslint';

const cases = [
  { file: 'extension/core/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import { ChatBridge } from '../ui/chat/chatBridge';\nexport const x = ChatBridge;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import { ChatSession } from '../chat/chatSession';\nexport const x = ChatSession;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';\nexport const x = AnthropicBedrock;\n", expect: true },
  { file: 'extension/ui/__probe__.ts', code: "import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';\nexport const x = AnthropicVertex;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import { ChatBridge } from '../ui/chat/chatBridge';\nexport const x = ChatBridge;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import { NodeWorkspace } from '../host/node/workspace';\nexport const x = NodeWorkspace;\n", expect: true },
  { file: 'extension/chat/__probe__.ts', code: "import { ReadTool } from '../tools/Read/Read';\nexport const x = ReadTool;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import { ChatSession } from '../extension/chat/chatSession';\nexport const x = ChatSession;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/ui/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  // ui/ and host/ reach tools through core; a tool imports no other tool; the CLI nothing of host/vscode/.
  { file: 'extension/ui/__probe__.ts', code: "import { EDIT_TOOL_NAME } from '../tools/Edit/constants';\nexport const x = EDIT_TOOL_NAME;\n", expect: true },
  { file: 'extension/host/vscode/__probe__.ts', code: "import { getTools } from '../../tools/tools';\nexport const x = getTools;\n", expect: true },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import { WRITE_TOOL_NAME } from '../Write/constants';\nexport const x = WRITE_TOOL_NAME;\n", expect: true },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import { ReadTool } from '../../tools/Read/Read';\nexport const x = ReadTool;\n", expect: true },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  { file: 'extension/tools/shared/__probe__.ts', code: "import { BASH_TOOL_NAME } from '../Bash/constants';\nexport const x = BASH_TOOL_NAME;\n", expect: true },
  { file: 'extension/cli/__probe__.ts', code: "import { VsCodeNotebooks } from '../host/vscode/notebooks';\nexport const x = VsCodeNotebooks;\n", expect: true },
  { file: 'extension/cli/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  // Allowed imports must stay allowed, or the rule is just broken in the other direction.
  { file: 'webview/__probe__.ts', code: "import { parseHostToWebview } from '../extension/protocol/messages';\nexport const x = parseHostToWebview;\n", expect: false },
  { file: 'extension/core/__probe__.ts', code: "import type { ModelClient } from './ports';\nexport type X = ModelClient;\n", expect: false },
  { file: 'extension/ui/__probe__.ts', code: "import type { AnyTool } from '../core/tool/Tool';\nexport type X = AnyTool;\n", expect: false },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import { numberLines } from '../shared/lines';\nexport const x = numberLines;\n", expect: false },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import { EDIT_TOOL_NAME } from '../Edit/constants';\nexport const x = EDIT_TOOL_NAME;\n", expect: false },
  { file: 'extension/tools/Edit/__probe__.ts', code: "import { buildTool } from '../../core/tool/Tool';\nexport const x = buildTool;\n", expect: false },
  { file: 'extension/tools/__probe__.ts', code: "import { ReadTool } from './Read/Read';\nexport const x = ReadTool;\n", expect: false },
  { file: 'extension/cli/__probe__.ts', code: "import { workspaceKeyOf } from '../host/node/transcriptStore';\nexport const x = workspaceKeyOf;\n", expect: false },
  { file: 'extension/chat/__probe__.ts', code: "import type { ModelClient } from '../core/ports';\nexport type X = ModelClient;\n", expect: false },
  { file: 'extension/chat/__probe__.ts', code: "import { ChatEntrySchema } from '../protocol/entries';\nexport const x = ChatEntrySchema;\n", expect: false },
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
