// Proves the layer lint rules bite: lints forged sources placed (virtually) in the guarded folders and
// fails unless each violation is reported. Run by `npm test` via `npm run check:layers`.
import { ESLint } from 'eslint';

const cases = [
  { file: 'extension/core/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  { file: 'extension/core/__probe__.ts', code: "import { ChatBridge } from '../ui/chatBridge';\nexport const x = ChatBridge;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import { ChatSession } from '../extension/core/chat/chatSession';\nexport const x = ChatSession;\n", expect: true },
  { file: 'webview/__probe__.ts', code: "import * as vscode from 'vscode';\nexport const x = vscode;\n", expect: true },
  { file: 'extension/ui/__probe__.ts', code: "import Anthropic from '@anthropic-ai/sdk';\nexport const x = Anthropic;\n", expect: true },
  // Allowed imports must stay allowed, or the rule is just broken in the other direction.
  { file: 'webview/__probe__.ts', code: "import { parseHostToWebview } from '../extension/protocol/messages';\nexport const x = parseHostToWebview;\n", expect: false },
  { file: 'extension/core/__probe__.ts', code: "import type { ModelClient } from './ports';\nexport type X = ModelClient;\n", expect: false },
];

const eslint = new ESLint();
let failed = 0;
for (const c of cases) {
  const [result] = await eslint.lintText(c.code, { filePath: c.file });
  const hit = result.messages.some((m) => m.ruleId === 'no-restricted-imports');
  const ok = hit === c.expect;
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${c.file}: ${c.code.split('\n')[0]} -> ${hit ? 'reported' : 'allowed'}`);
}
console.log(`${cases.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
