import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { ToolResultBlock } from '../../../extension/core/base/messages';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { VsCodeSearch } from '../../../extension/host/vscode/search';
import { GlobTool } from '../../../extension/tools/Glob/Glob';
import { GrepTool } from '../../../extension/tools/Grep/Grep';
import { searchContract } from '../../contract/search.contract';
import { allowAll, assistantWith, makeContext, toolUse } from '../../unit/tool/fixtures';

describe('VS Code search', () => {
  searchContract(describe, it, () => new VsCodeSearch(vscode.env));

  it("runs the rg that VS Code ships, found under vscode.env.appRoot", async () => {
    const rg = await new VsCodeSearch(vscode.env).rgPath();
    assert.ok(rg.startsWith(vscode.env.appRoot), `${rg} is not under ${vscode.env.appRoot}`);
    assert.ok(existsSync(rg));
  });

  it('answers Grep and Glob tool calls in a folder with a .gitignore', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cw-vscode-search-'));
    mkdirSync(path.join(root, '.git'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, '.gitignore'), 'out/\n');
    writeFileSync(path.join(root, 'src', 'main.ts'), 'export const answer = 42;\n');
    mkdirSync(path.join(root, 'out'));
    writeFileSync(path.join(root, 'out', 'main.js'), 'exports.answer = 42;\n');
    const context = makeContext([GrepTool, GlobTool], { cwd: root });
    context.ports = { ...context.ports, search: new VsCodeSearch(vscode.env) };
    const run = async (name: string, input: Record<string, unknown>) => {
      const block = toolUse(name, input);
      const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
      return (outcome.result as ToolResultBlock).content;
    };
    assert.equal(await run('Grep', { pattern: 'answer', output_mode: 'content' }), `${path.join('src', 'main.ts')}:1:export const answer = 42;`);
    assert.equal(await run('Glob', { pattern: '**/*.{ts,js}' }), path.join('src', 'main.ts'));
  });
});
