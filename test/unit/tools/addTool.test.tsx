import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ChatSessionModule from '../../../extension/conversation/chatSession';
import type { ChatEvent, ChatSession as ChatSessionType } from '../../../extension/conversation/chatSession';
import type { PermissionDecider } from '../../../extension/core/contracts/permissionPrompts';
import type { Tools } from '../../../extension/core/contracts/tool';
import type * as MessagesModule from '../../../extension/protocol/messages';
import type { ChatEntry, HostToWebview, ToolEntry } from '../../../extension/protocol/messages';
import type * as ToolsModule from '../../../extension/tools/tools';
import type * as ReducerModule from '../../../webview/state/reducer';
import type * as RegistryModule from '../../../webview/tools/registry';
import type { ToolRenderer } from '../../../webview/tools/shared/types';
import type { ChatState } from '../../../webview/state/reducer';
import { BlockModel } from '../chat/blockModel';
import { agentDeps, keyed, RecordingLogger, sequentialIds } from '../support';

/**
 * docs/ARCHITECTURE.md, How to add a tool, proved on a throwaway tool. A scratch copy of extension/ and webview/
 * (test-results/, removed afterwards) gets the tool "Shout" exactly as the section says and nothing more: its
 * folder (`extension/tools/Shout/`), its wire name in the list (core/contracts/toolNames.ts) and its line in the
 * tool registry (tools.ts), a renderer (`webview/tools/Shout.tsx`) and its line in the renderer registry, and
 * its heading in docs/TOOLS.md. The copy type-checks as a whole, so no other file had to learn the name; then the
 * copy's own modules run the tool end to end: the registry offers it, the system prompt carries its guidance, the
 * model's call goes through the loop and the real executor, the chat turns it into a protocol entry with the
 * tool's own view, and the webview's reducer and renderer registry show it with the new renderer.
 */
const REPO = path.resolve(__dirname, '../../..');
const SCRATCH = path.join(REPO, 'test-results', `add-tool-${process.pid}`);

/** The tool's folder: what a contributor writes, following the section's step 1. */
const TOOL_FILES: Record<string, string> = {
  'extension/tools/Shout/Shout.ts': `import { z } from 'zod';
import type { ToolResultBlock } from '../../core/base/messages';
import { buildTool } from '../../core/contracts/tool';
import { SHOUT_TOOL_NAME } from '../../protocol/toolNames';
import { presentShout } from './present';
import { SHOUT_DESCRIPTION, SHOUT_GUIDANCE, SHOUT_PROMPT } from './prompt';

const inputSchema = z.strictObject({ text: z.string().min(1).describe('What to shout') });

export const ShoutTool = buildTool({
  name: SHOUT_TOOL_NAME,
  inputSchema,
  maxResultSizeChars: 10_000,
  guidance: SHOUT_GUIDANCE,
  present: presentShout,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return SHOUT_DESCRIPTION;
  },
  async prompt() {
    return SHOUT_PROMPT;
  },
  getToolUseSummary: (input) => input?.text ?? null,
  getActivityDescription: (input) => (input?.text ? \`Shouting \${input.text}\` : 'Shouting'),
  approvalVerb: () => 'Shout',
  async call(input) {
    return { data: { loud: input.text.toUpperCase() } };
  },
  mapToolResultToToolResultBlockParam: (output: { loud: string }, toolUseId: string): ToolResultBlock => ({ type: 'tool_result', tool_use_id: toolUseId, content: output.loud }),
});
`,
  'extension/tools/Shout/prompt.ts': `import type { ToolGuidance } from '../../core/contracts/toolViews';
import { SHOUT_TOOL_NAME } from '../../protocol/toolNames';

export const SHOUT_DESCRIPTION = 'Shout a text';
export const SHOUT_PROMPT = 'Shouts the text it is given, in capitals.';
export const SHOUT_GUIDANCE: ToolGuidance = { rank: 250, text: \`Use \${SHOUT_TOOL_NAME} when the user wants to be heard\` };
`,
  'extension/tools/Shout/present.ts': `import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const Output = z.object({ loud: z.string() });

/** The shout as a one-line match, a view the protocol already has. */
export function presentShout({ output }: PresentArgs): ToolResultData | undefined {
  const o = Output.safeParse(output);
  return o.success ? { kind: 'paths', items: [{ path: 'shout', line: 1, text: o.data.loud }], truncated: false } : undefined;
}
`,
  'webview/tools/Shout.tsx': `import { SHOUT_TOOL_NAME } from '../../extension/protocol/toolNames';
import type { ToolRenderer, ToolViewProps } from './shared/types';

function Result({ entry }: ToolViewProps) {
  const data = entry.result?.data;
  return <p data-testid="shout">{data?.kind === 'paths' ? data.items.map((i) => i.text).join(' ') : entry.result?.text}</p>;
}

export const ShoutRenderer: ToolRenderer = { title: () => \`\${SHOUT_TOOL_NAME}!\`, Result };
`,
};

/** One line into `file` before `marker` (found exactly once), as a contributor adds it by hand. */
function insertBefore(file: string, marker: string, text: string): void {
  const full = path.join(SCRATCH, file);
  const source = readFileSync(full, 'utf8');
  const at = source.indexOf(marker);
  if (at < 0 || source.indexOf(marker, at + 1) >= 0) throw new Error(`${file}: "${marker}" is not there exactly once; update this test to the file's new shape`);
  writeFileSync(full, source.slice(0, at) + text + source.slice(at));
}

/** `imports` above the file's first import. */
function addImports(file: string, imports: string): void {
  const full = path.join(SCRATCH, file);
  const source = readFileSync(full, 'utf8');
  const at = source.search(/^import /m);
  writeFileSync(full, source.slice(0, at) + imports + source.slice(at));
}

/** The section's steps 2 to 4: the name in the list, the registries' lines, the docs heading. */
function addToLists(): void {
  insertBefore('extension/core/contracts/toolNames.ts', '} as const;', "  SHOUT_TOOL_NAME: 'Shout',\n");
  insertBefore('extension/core/contracts/toolNames.ts', '} = TOOL_NAMES;', '  SHOUT_TOOL_NAME,\n');
  insertBefore('extension/tools/tools.ts', '} satisfies Record<ToolName', '  [SHOUT_TOOL_NAME]: () => ShoutTool,\n');
  addImports('extension/tools/tools.ts', "import { SHOUT_TOOL_NAME } from '../protocol/toolNames';\nimport { ShoutTool } from './Shout/Shout';\n");
  insertBefore('webview/tools/registry.ts', '} satisfies Record<ToolName', '  [SHOUT_TOOL_NAME]: ShoutRenderer,\n');
  addImports('webview/tools/registry.ts', "import { SHOUT_TOOL_NAME } from '../../extension/protocol/toolNames';\nimport { ShoutRenderer } from './Shout';\n");
  const doc = path.join(SCRATCH, 'docs/TOOLS.md');
  writeFileSync(doc, `${readFileSync(doc, 'utf8')}\n## Shout\n\nShouts \`text\` back in capitals.\n`);
}

/** The copy's own module (`extension/tools/tools.ts` → the scratch one), typed as the original. */
async function scratch<T>(file: string): Promise<T> {
  return (await import(path.join(SCRATCH, file))) as T;
}

const allowAll: PermissionDecider = async (_tool, input) => ({ behavior: 'allow', updatedInput: input });

beforeAll(() => {
  rmSync(SCRATCH, { recursive: true, force: true });
  for (const folder of ['extension', 'webview']) cpSync(path.join(REPO, folder), path.join(SCRATCH, folder), { recursive: true });
  mkdirSync(path.join(SCRATCH, 'docs'), { recursive: true });
  cpSync(path.join(REPO, 'docs/TOOLS.md'), path.join(SCRATCH, 'docs/TOOLS.md'));
  // The CLI reads its version from the package manifest.
  cpSync(path.join(REPO, 'package.json'), path.join(SCRATCH, 'package.json'));
  for (const [file, text] of Object.entries(TOOL_FILES)) {
    mkdirSync(path.dirname(path.join(SCRATCH, file)), { recursive: true });
    writeFileSync(path.join(SCRATCH, file), text);
  }
  addToLists();
  // The root config, on the copy alone (the root one excludes test-results/, where the copy is).
  writeFileSync(
    path.join(SCRATCH, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(REPO, 'tsconfig.json'), include: ['extension', 'webview'], exclude: [], compilerOptions: { types: ['node', 'vscode'] } }),
  );
});

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe('adding a tool (docs/ARCHITECTURE.md, How to add a tool)', () => {
  it('type-checks with the new tool given only its folder, its name, its registry lines, a renderer and its docs heading', () => {
    const tsc = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', SCRATCH], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 600_000);

  it('runs end to end: offered, in the system prompt, through the executor and the chat, and shown by its renderer', async () => {
    const { getTools } = await scratch<typeof ToolsModule>('extension/tools/tools.ts');
    const { ChatSession } = await scratch<typeof ChatSessionModule>('extension/conversation/chatSession.ts');
    const { parseHostToWebview } = await scratch<typeof MessagesModule>('extension/protocol/messages.ts');
    const { initialChatState, reduceChat } = await scratch<typeof ReducerModule>('webview/state/reducer.ts');
    const { rendererFor } = await scratch<typeof RegistryModule>('webview/tools/registry.ts');

    const tools: Tools = getTools();
    expect(tools.map((t) => t.name)).toContain('Shout');
    expect(readFileSync(path.join(SCRATCH, 'docs/TOOLS.md'), 'utf8').split('\n')).toContain('## Shout');

    const model = new BlockModel([[{ tool: { id: 's1', name: 'Shout', input: { text: 'hello' } } }], [{ text: 'Shouted.' }]]);
    const session: ChatSessionType = new ChatSession({ agent: { ...agentDeps(model), tools, decider: allowAll }, credentials: keyed, log: new RecordingLogger(), newId: sequentialIds() });
    const events: ChatEvent[] = [];
    session.onEvent((e) => events.push(e));
    await session.send('shout hello');

    // The model was offered the tool and told when to use it; its call ran and the model saw the result.
    const first = model.requests[0]!;
    expect(first.tools?.map((t) => t.name)).toContain('Shout');
    expect(JSON.stringify(first.system)).toContain('Use Shout when the user wants to be heard');
    expect(JSON.stringify(model.requests[1]!.messages.at(-1))).toContain('HELLO');

    // The chat's entry carries the tool's summary and its own view, as valid protocol.
    const entry = session.allEntries().find((e): e is ToolEntry => e.role === 'tool');
    expect(entry).toMatchObject({ name: 'Shout', status: 'done', summary: 'hello', result: { text: 'HELLO', data: { kind: 'paths', items: [{ text: 'HELLO' }] } } });

    // The webview folds the same events and draws the row with the new renderer.
    const snapshot: HostToWebview = { type: 'sessionSnapshot', sessionId: 's', entries: [], busy: true, setup: { hasApiKey: true, keySource: 'none' }, model: 'm' };
    const posted = events.filter((e): e is Extract<ChatEvent, HostToWebview> => e.type !== 'reset' && e.type !== 'promptsReturned');
    for (const e of posted) expect(parseHostToWebview(e).ok).toBe(true);
    const state: ChatState = [snapshot, ...posted].reduce(reduceChat, initialChatState);
    const row = state.phase === 'ready' ? state.entries.find((e: ChatEntry): e is ToolEntry => e.role === 'tool') : undefined;
    expect(row).toMatchObject({ name: 'Shout', status: 'done' });
    const renderer: ToolRenderer = rendererFor(row!);
    expect(renderer.title(row!)).toBe('Shout!');
    expect(renderToStaticMarkup(<renderer.Result entry={row!} />)).toBe('<p data-testid="shout">HELLO</p>');
  }, 120_000);
});
