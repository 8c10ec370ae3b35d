import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { GrepTool } from '../../../../extension/tools/Grep/Grep';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { makeTree, removeTempDirs, runTool, searchContext } from './searchTree';

afterAll(removeTempDirs);

/** A project whose secrets/ folder and .env files are denied to reads, searched from its root. */
function denied(rules: string[] = ['Read(./secrets/**)', 'Read(**/.env)']): { root: string; context: ToolUseContext } {
  const root = makeTree({
    'src/app.ts': 'const token = process.env.TOKEN;\n',
    'src/.env': 'TOKEN=abc123\n',
    'secrets/key.txt': 'token: hunter2\n',
    'secrets/deep/other.txt': 'token again\n',
    'notes.md': 'where is the token?\n',
  });
  const context = searchContext(root, { ports: { ...searchContext(root).ports, workspace: new NodeWorkspace([root]) } });
  context.setAppState((s) => ({ ...s, toolPermissionContext: { ...s.toolPermissionContext, alwaysDenyRules: { session: rules } } }));
  return { root, context };
}

describe('tools/Grep with Read deny rules', () => {
  it('leaves denied files out of a folder search and says how many', async () => {
    const { context } = denied();
    const { text, isError } = await runTool('Grep', { pattern: 'token', '-i': true }, context);
    expect(isError).toBe(false);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Found 2 files');
    expect(lines.slice(1, 3).sort()).toEqual(['notes.md', 'src/app.ts']);
    expect(text).not.toContain('secrets');
    expect(text).not.toContain('.env');
    expect(lines.at(-1)).toBe('(3 files hidden by permission rules)');
  });

  it('never shows a content line of a denied file, and keeps rg separators of the others', async () => {
    const { context } = denied();
    const { text } = await runTool('Grep', { pattern: 'token', '-i': true, output_mode: 'content', '-C': 1 }, context);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('token again');
    expect(text).toContain('notes.md:1:where is the token?');
    expect(text).toContain('src/app.ts:1:const token = process.env.TOKEN;');
    expect(text.split('\n').at(-1)).toBe('(3 files hidden by permission rules)');
    expect(text.startsWith('--')).toBe(false);
  });

  it('marks context lines with "-" as rg does when it had to separate paths itself', async () => {
    const root = makeTree({ 'a.txt': 'before\nneedle\nafter\n', 'secret.txt': 'needle\n' });
    const context = searchContext(root, { ports: { ...searchContext(root).ports, workspace: new NodeWorkspace([root]) } });
    context.setAppState((s) => ({ ...s, toolPermissionContext: { ...s.toolPermissionContext, alwaysDenyRules: { session: ['Read(secret.txt)'] } } }));
    const { text } = await runTool('Grep', { pattern: 'needle', output_mode: 'content', '-C': 1 }, context);
    expect(text).toBe('a.txt-1-before\na.txt:2:needle\na.txt-3-after\n(1 file hidden by permission rules)');
  });

  it('leaves denied files out of counts', async () => {
    const { context } = denied();
    const { text } = await runTool('Grep', { pattern: 'token', '-i': true, output_mode: 'count' }, context);
    expect(text).toContain('Found 2 matching lines in 2 files.');
    expect(text).not.toContain('secrets');
    expect(text).toContain('(3 files hidden by permission rules)');
  });

  it('denies a search of a denied file outright, and finds nothing inside a denied folder', async () => {
    const { root, context } = denied();
    const file = await GrepTool.checkPermissions({ pattern: 'token', path: path.join(root, 'secrets', 'key.txt') }, context);
    expect(file).toMatchObject({ behavior: 'deny', decisionReason: { type: 'rule' } });
    const folder = await runTool('Grep', { pattern: 'token', path: 'secrets' }, context);
    expect(folder.text).toBe('No files found\n(2 files hidden by permission rules)');
  });

  it('adds no note and no --null parsing when no rule names a path', async () => {
    const { context } = denied([]);
    const { text } = await runTool('Grep', { pattern: 'hunter2', output_mode: 'content' }, context);
    expect(text).toBe('secrets/key.txt:1:token: hunter2');
  });
});
