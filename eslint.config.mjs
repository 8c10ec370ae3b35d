// Lint, including the layer rules of docs/ARCHITECTURE.md (Layers): core imports neither `vscode` nor the SDK; the webview
// imports nothing of the extension but `extension/protocol/`; only `extension/llm/` imports the SDK; ui/ and host/ import
// no tool folder, a tool no other tool's folder, the CLI nothing of host/vscode/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SDK = { name: '@anthropic-ai/sdk', message: 'Only extension/llm/ may import the Anthropic SDK.' };
// The cloud providers' SDKs (Bedrock, Vertex AI, Foundry) are the Anthropic SDK's clients too: llm/providers/ only.
const SDK_PATTERN = { group: ['@anthropic-ai/sdk/*', '@anthropic-ai/*-sdk', '@anthropic-ai/*-sdk/*'], message: SDK.message };
// UI tests read state through retrying checks (test/support/ui.ts): a read right after an event sees whatever
// frame is current, and passes or fails with the machine's speed.
const UI_READS = 'innerText|innerHTML|textContent|count|getAttribute|inputValue|isVisible|isHidden|isChecked|isEnabled|isDisabled|allInnerTexts|allTextContents';
const ONE_SHOT_READS = [
  {
    selector: "CallExpression[callee.name='expect'] AwaitExpression",
    message: 'One-shot read of UI state: assert with `await expect.poll(() => read()).toX(...)` or a locator wait (test/support/ui.ts).',
  },
  {
    selector: `VariableDeclarator > AwaitExpression > CallExpression > MemberExpression.callee > Identifier.property[name=/^(${UI_READS})$/]`,
    message: 'One-shot read of UI state into a variable: poll the read instead (`expect.poll`), or take a baseline with `settled()` (test/support/ui.ts).',
  },
];

const VSCODE = { name: 'vscode', message: 'extension/core/ must stay free of vscode: use a port (core/ports.ts).' };

// The folders of extension/tools/ (each tool's, and shared/), read at load so a new tool is guarded as it lands.
const TOOL_FOLDERS = readdirSync(new URL('./extension/tools/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** One block per tools/ folder: it may import itself, shared/ and core, never another tool's folder. */
function toolFolderBlock(folder) {
  const others = TOOL_FOLDERS.filter((name) => name !== folder && name !== 'shared');
  const message = 'A tool never imports another tool: move shared code to tools/shared/ or core/.';
  return {
    files: [`extension/tools/${folder}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SDK], patterns: [SDK_PATTERN, { regex: `^(\\.\\./)+(tools/)?(${others.join('|')})(/|$)`, caseSensitive: true, message }] },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist-test/**', 'node_modules/**', 'test-results/**', '.vscode-test/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [SDK], patterns: [SDK_PATTERN] }],
    },
  },
  {
    files: ['extension/llm/**', 'test/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['test/webview/**', 'test/e2e/**'],
    rules: { 'no-restricted-syntax': ['error', ...ONE_SHOT_READS] },
  },
  {
    files: ['extension/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [VSCODE, SDK],
          patterns: [
            SDK_PATTERN,
            { group: ['**/host/**', '**/ui/**', '**/llm/**', '**/protocol/**', '**/chat/**'], message: 'core/ depends on nothing but itself: use ports.' },
            { group: ['@modelcontextprotocol/*'], message: 'core/ reaches MCP through McpConnector (core/mcp/types.ts); host/node/mcp/ uses the SDK.' },
          ],
        },
      ],
    },
  },
  {
    // The chat view model sits on core/ and speaks the protocol's types; the host reaches it, never the reverse.
    files: ['extension/chat/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'extension/chat/ must stay free of vscode: the ui/ layer drives it.' }, SDK],
          patterns: [
            SDK_PATTERN,
            { group: ['**/host/**', '**/ui/**', '**/llm/**', '**/tools/**'], message: 'chat/ builds on core/ and protocol/ only; tools and ports come in through its deps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['extension/protocol/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [VSCODE, SDK],
          patterns: [{ group: ['../*', '!./*'], message: 'protocol/ is shared with the webview: it imports only zod and itself.' }],
        },
      ],
    },
  },
  {
    files: ['extension/ui/**', 'extension/host/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SDK],
          patterns: [SDK_PATTERN, { group: ['**/tools/**'], message: 'ui/ and host/ reach tools only through core (the Tool API); extension.ts wires tools.ts.' }],
        },
      ],
    },
  },
  ...TOOL_FOLDERS.map(toolFolderBlock),
  {
    files: ['extension/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The CLI runs without VS Code: use the Node adapters (host/node/).' }, SDK],
          patterns: [SDK_PATTERN, { group: ['**/host/vscode/**'], message: 'The CLI runs without VS Code: use the Node adapters (host/node/).' }],
        },
      ],
    },
  },
  {
    files: ['webview/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview runs in a browser: talk to the host over the protocol.' }, SDK],
          patterns: [
            SDK_PATTERN,
            {
              regex: '^(\\.\\./)+extension/(?!protocol/)',
              message: 'The webview imports only extension/protocol/ from the extension.',
            },
            { group: ['node:*'], message: 'The webview runs in a browser: no Node modules.' },
          ],
        },
      ],
    },
  },
);
