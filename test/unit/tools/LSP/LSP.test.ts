import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import type { LspDiagnostic, LspLocation, LspOperation, LspPort } from '../../../../extension/core/contracts/workspace';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { LspTool } from '../../../../extension/tools/LSP/LSP';
import { allowAll, assistantWith, toolUse } from '../../tool/fixtures';
import { contextWith, MemoryWorkspace, ROOT } from '../NotebookEdit/memoryWorkspace';

const A = path.join(ROOT, 'src/greeter.ts');
const B = path.join(ROOT, 'src/main.ts');
const TXT = path.join(ROOT, 'notes.txt');

type Answer = Awaited<ReturnType<LspPort['query']>>;

/** An LspPort that answers from a table and records what it was asked. */
function fakeLsp(answers: Partial<Record<LspOperation, Answer>>, diagnostics: LspDiagnostic[] = []) {
  const asked: { operation: string; params: unknown }[] = [];
  const port: LspPort = {
    async query(operation, params) {
      asked.push({ operation, params });
      if (params.path === TXT) return undefined;
      return answers[operation] ?? { locations: [] };
    },
    async diagnostics(p) {
      asked.push({ operation: 'diagnostics', params: p });
      return p ? diagnostics.filter((d) => d.path === p) : diagnostics;
    },
  };
  return { port, asked };
}

async function run(input: Record<string, unknown>, lsp?: LspPort) {
  const ws = new MemoryWorkspace();
  for (const f of [A, B, TXT]) ws.put(f, '// source\n');
  const context = contextWith([LspTool], ws, lsp ? { lsp } : {});
  const block = toolUse('LSP', input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  const result = outcome.result as ToolResultBlock;
  return { text: String(result.content), isError: result.is_error === true, stage: outcome.stage };
}

const loc = (p: string, line: number, character: number, label?: string, kind?: string): LspLocation => ({
  path: p,
  line,
  character,
  ...(label ? { label } : {}),
  ...(kind ? { kind } : {}),
});

describe('tools/LSP input validation', () => {
  it.each([
    [{ operation: 'goToDefinition', file_path: A }, 'goToDefinition needs file_path, line and character (1-based) of the symbol; missing: line, character.'],
    [{ operation: 'hover', line: 1, character: 1 }, 'missing: file_path.'],
    [{ operation: 'documentSymbol' }, 'documentSymbol needs file_path; missing: file_path.'],
    [{ operation: 'workspaceSymbol', query: '  ' }, 'workspaceSymbol needs a query; missing: query.'],
  ])('names the missing fields of %j', async (input, message) => {
    const r = await run(input, fakeLsp({}).port);
    expect(r).toMatchObject({ isError: true, stage: 'validation' });
    expect(r.text).toContain(message);
  });

  it('rejects 0-based positions and files that do not exist', async () => {
    expect((await run({ operation: 'hover', file_path: A, line: 0, character: 1 })).stage).toBe('invalid_input');
    const r = await run({ operation: 'hover', file_path: '/ws/nope.ts', line: 1, character: 1 });
    expect(r.text).toContain(`File does not exist: ${path.resolve('/ws/nope.ts')}`);
  });

  it('accepts diagnostics without a file and workspaceSymbol without a file', async () => {
    expect((await run({ operation: 'diagnostics' }, fakeLsp({}).port)).isError).toBe(false);
    expect((await run({ operation: 'workspaceSymbol', query: 'greet' }, fakeLsp({}).port)).isError).toBe(false);
  });
});

describe('tools/LSP results', () => {
  it('says no language server is available when the port is absent or declines the file', async () => {
    expect((await run({ operation: 'hover', file_path: A, line: 1, character: 1 })).text).toBe('No language server is available for src/greeter.ts.');
    const r = await run({ operation: 'documentSymbol', file_path: TXT }, fakeLsp({}).port);
    expect(r.text).toBe('No language server is available for notes.txt.');
    expect((await run({ operation: 'diagnostics' })).text).toBe('No language server is available for this workspace.');
  });

  it('passes 1-based positions and absolute paths to the port unchanged', async () => {
    const { port, asked } = fakeLsp({});
    await run({ operation: 'goToDefinition', file_path: 'src/main.ts', line: 4, character: 27 }, port);
    expect(asked).toEqual([{ operation: 'goToDefinition', params: { path: B, line: 4, character: 27 } }]);
  });

  it('formats definitions as relative path:line:character with label and kind', async () => {
    const { port } = fakeLsp({ goToDefinition: { locations: [loc(A, 13, 17, 'greet', 'function'), loc('/elsewhere/lib.d.ts', 2, 1)] } });
    const r = await run({ operation: 'goToDefinition', file_path: B, line: 4, character: 27 }, port);
    expect(r.text).toBe(['Found 2 definitions in 2 files:', '/elsewhere/lib.d.ts:2:1', 'src/greeter.ts:13:17  greet (function)'].join('\n'));
  });

  it('counts references and the files they are in, sorted by file and line', async () => {
    const { port } = fakeLsp({ findReferences: { locations: [loc(B, 4, 27), loc(A, 13, 17), loc(B, 1, 10)] } });
    const r = await run({ operation: 'findReferences', file_path: A, line: 13, character: 17 }, port);
    expect(r.text).toBe(['Found 3 references in 2 files:', 'src/greeter.ts:13:17', 'src/main.ts:1:10', 'src/main.ts:4:27'].join('\n'));
  });

  it('says so when nothing is found', async () => {
    const { port } = fakeLsp({});
    expect((await run({ operation: 'findReferences', file_path: A, line: 3, character: 5 }, port)).text).toBe(
      'No references found for the symbol at src/greeter.ts:3:5.',
    );
    expect((await run({ operation: 'hover', file_path: A, line: 3, character: 5 }, port)).text).toBe('No hover information at src/greeter.ts:3:5.');
    expect((await run({ operation: 'workspaceSymbol', query: 'zzz' }, port)).text).toBe('No symbols match "zzz".');
    expect((await run({ operation: 'incomingCalls', file_path: A, line: 3, character: 5 }, port)).text).toBe(
      'No callers found for the symbol at src/greeter.ts:3:5.',
    );
  });

  it('returns hover markdown without code fences or rules', async () => {
    const hover = '```typescript\nfunction greet(name: string): string\n```\n---\nSays hello to `name`.';
    const r = await run({ operation: 'hover', file_path: A, line: 13, character: 17 }, fakeLsp({ hover: { hover } }).port);
    expect(r.text).toBe('function greet(name: string): string\nSays hello to `name`.');
  });

  it('keeps document symbols in the server order and names the file', async () => {
    const locations = [loc(A, 2, 18, 'Greeter', 'interface'), loc(A, 6, 14, 'PoliteGreeter', 'class'), loc(A, 7, 3, 'PoliteGreeter.greet', 'method')];
    const r = await run({ operation: 'documentSymbol', file_path: A }, fakeLsp({ documentSymbol: { locations } }).port);
    expect(r.text.split('\n')).toEqual([
      'Found 3 symbols in src/greeter.ts:',
      'src/greeter.ts:2:18  Greeter (interface)',
      'src/greeter.ts:6:14  PoliteGreeter (class)',
      'src/greeter.ts:7:3  PoliteGreeter.greet (method)',
    ]);
  });

  it('sends the query of workspaceSymbol and no file', async () => {
    const { port, asked } = fakeLsp({ workspaceSymbol: { locations: [loc(A, 13, 17, 'greet', 'function')] } });
    const r = await run({ operation: 'workspaceSymbol', query: 'greet', file_path: A }, port);
    expect(asked[0]).toEqual({ operation: 'workspaceSymbol', params: { query: 'greet' } });
    expect(r.text).toBe('Found 1 symbol matching "greet" in 1 file:\nsrc/greeter.ts:13:17  greet (function)');
  });

  it('cuts very long answers and says how many were left out', async () => {
    const locations = Array.from({ length: 250 }, (_, i) => loc(B, i + 1, 1));
    const r = await run({ operation: 'findReferences', file_path: A, line: 1, character: 1 }, fakeLsp({ findReferences: { locations } }).port);
    const lines = r.text.split('\n');
    expect(lines[0]).toBe('Found 250 references in 1 file:');
    expect(lines).toHaveLength(202);
    expect(lines.at(-1)).toBe('… and 50 more (narrow the query to see them)');
  });
});

describe('tools/LSP diagnostics', () => {
  const diags: LspDiagnostic[] = [
    { path: B, line: 9, character: 3, severity: 'warning', message: 'Unused', source: 'ts', code: '6133' },
    { path: B, line: 4, character: 10, severity: 'error', message: "Type 'number' is not assignable\nto type 'string'.", source: 'ts', code: '2322' },
    { path: A, line: 1, character: 1, severity: 'error', message: 'Broken' },
  ];

  it('counts errors and warnings, errors first, with source and code', async () => {
    const r = await run({ operation: 'diagnostics' }, fakeLsp({}, diags).port);
    expect(r.text.split('\n')).toEqual([
      'Found 2 errors and 1 warning in 2 files:',
      'src/greeter.ts:1:1  error  Broken',
      "src/main.ts:4:10  error  Type 'number' is not assignable",
      "    to type 'string'.  [ts 2322]",
      'src/main.ts:9:3  warning  Unused  [ts 6133]',
    ]);
  });

  it('asks about one file when file_path is given and says when it is clean', async () => {
    const { port, asked } = fakeLsp({}, diags);
    expect((await run({ operation: 'diagnostics', file_path: A }, port)).text).toBe('Found 1 error and 0 warnings in 1 file:\nsrc/greeter.ts:1:1  error  Broken');
    expect(asked).toEqual([{ operation: 'diagnostics', params: A }]);
    expect((await run({ operation: 'diagnostics', file_path: TXT }, port)).text).toBe('No diagnostics for notes.txt.');
  });
});

describe('tools/LSP flags', () => {
  it('is read-only and concurrency-safe', () => {
    expect(LspTool.isReadOnly()).toBe(true);
    expect(LspTool.isConcurrencySafe()).toBe(true);
    expect('shouldDefer' in LspTool).toBe(false);
  });
});
