// Lint: the package bans of docs/ARCHITECTURE.md (Layers): only `extension/llm/` imports the SDK; core, the chat view
// model, the protocol, the CLI and the webview import no `vscode`; core no MCP SDK; the webview no `node:*`. Which of
// our folders may import which is .dependency-cruiser.mjs's job (`npm run lint` runs both). Also the size limits of
// CONTRIBUTING.md (Style and checks): no function over 80 lines, no file over 300, in extension/ and webview/.
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

const VSCODE = { name: 'vscode', message: 'extension/core/ must stay free of vscode: use a port (core/contracts/).' };

// A long function does several jobs, and the next change to one of them has to read all of them. Lines are
// counted as they stand, blank and comment lines included, nested functions inside their parent's count.
const SIZE_LIMITS = {
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
  'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
};

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
            { group: ['@modelcontextprotocol/*'], message: 'core/ reaches MCP through McpConnector (core/contracts/mcp.ts); host/node/mcp/ uses the SDK.' },
          ],
        },
      ],
    },
  },
  {
    // The chat view model sits on core/ and speaks the protocol's types; the host reaches it, never the reverse.
    files: ['extension/conversation/**', 'extension/chat/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'extension/conversation/ must stay free of vscode: the ui/ layer drives it.' }, SDK],
          patterns: [SDK_PATTERN],
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
          patterns: [SDK_PATTERN],
        },
      ],
    },
  },
  {
    files: ['extension/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The CLI runs without VS Code: use the Node adapters (host/node/).' }, SDK],
          patterns: [SDK_PATTERN],
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
          patterns: [SDK_PATTERN, { group: ['node:*'], message: 'The webview runs in a browser: no Node modules.' }],
        },
      ],
    },
  },
  {
    files: ['extension/**/*.{ts,tsx}', 'webview/**/*.{ts,tsx}'],
    ignores: ['**/*.d.ts'],
    rules: SIZE_LIMITS,
  },
);
