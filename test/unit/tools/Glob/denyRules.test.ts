import { afterAll, describe, expect, it } from 'vitest';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { makeTree, removeTempDirs, runTool, searchContext } from '../Grep/searchTree';

afterAll(removeTempDirs);

function project(rules: string[], globLimits: { maxResults?: number } = {}) {
  const root = makeTree(
    { 'src/a.ts': 'a', 'src/b.ts': 'b', 'secrets/key.ts': 'k', 'secrets/deep/more.ts': 'm', 'lib/local.env.ts': 'e', 'index.ts': 'i' },
    { 'secrets/key.ts': 500, 'secrets/deep/more.ts': 400, 'src/a.ts': 300, 'src/b.ts': 200, 'index.ts': 100 },
  );
  const context = searchContext(root, { globLimits, ports: { ...searchContext(root).ports, workspace: new NodeWorkspace([root]) } });
  context.setAppState((s) => ({ ...s, toolPermissionContext: { ...s.toolPermissionContext, alwaysDenyRules: { session: rules } } }));
  return context;
}

describe('tools/Glob with Read deny rules', () => {
  it('leaves out every denied file, inside folders too, and says how many', async () => {
    const { text } = await runTool('Glob', { pattern: '**/*.ts' }, project(['Read(./secrets/**)', 'Read(**/*.env.ts)']));
    expect(text).toBe('src/a.ts\nsrc/b.ts\nindex.ts\n(3 files hidden by permission rules)');
  });

  it('applies the cap after leaving denied files out, so the oldest allowed files fill the page', async () => {
    const { text } = await runTool('Glob', { pattern: '**/*.ts' }, project(['Read(./secrets/**)', 'Read(**/*.env.ts)'], { maxResults: 2 }));
    expect(text.split('\n').slice(0, 2)).toEqual(['src/a.ts', 'src/b.ts']);
    expect(text).toContain('(1 more of 3 matching files were left out');
    expect(text.split('\n').at(-1)).toBe('(3 files hidden by permission rules)');
  });

  it('says only "No files found" and the count when everything matched is denied', async () => {
    const { text } = await runTool('Glob', { pattern: '*.ts', path: 'secrets' }, project(['Read(./secrets/**)']));
    expect(text).toBe('No files found\n(2 files hidden by permission rules)');
  });

  it('lists everything, with no note, without deny rules', async () => {
    const { text } = await runTool('Glob', { pattern: 'secrets/**/*.ts' }, project([]));
    expect(text).toBe('secrets/key.ts\nsecrets/deep/more.ts');
  });
});
