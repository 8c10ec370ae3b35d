import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalUrl, resolveOpenPath, type PathCheck } from '../../../../extension/ui/editor/linkPolicy';

const ROOT = path.resolve('/work/project');
const files = new Set([path.join(ROOT, 'src/app.ts'), path.join(ROOT, 'My File.ts'), path.resolve('/etc/hosts')]);
const check: PathCheck = { roots: [ROOT], isFile: async (p) => files.has(p) };

describe('ui/editor/linkPolicy', () => {
  it('opens only well-formed http and https URLs', () => {
    expect(externalUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(externalUrl(' http://example.com ')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'command:workbench.action.quit', 'vscode://x', 'not a url', '']) {
      expect(externalUrl(bad)).toBeUndefined();
    }
  });

  it('resolves a relative path inside the workspace, with a line from #L or :line', async () => {
    expect(await resolveOpenPath('src/app.ts', check)).toEqual({ path: path.join(ROOT, 'src/app.ts') });
    expect(await resolveOpenPath('src/app.ts#L12', check)).toEqual({ path: path.join(ROOT, 'src/app.ts'), line: 12 });
    expect(await resolveOpenPath('src/app.ts:7:3', check)).toEqual({ path: path.join(ROOT, 'src/app.ts'), line: 7 });
    expect(await resolveOpenPath(`file://${ROOT}/My%20File.ts`, check)).toEqual({ path: path.join(ROOT, 'My File.ts') });
  });

  it('opens an absolute path only when it is an existing file', async () => {
    expect(await resolveOpenPath('/etc/hosts', check)).toEqual({ path: path.resolve('/etc/hosts') });
    expect(await resolveOpenPath('/etc/shadow', check)).toBeUndefined();
  });

  it('refuses relative paths that climb out of the workspace, other schemes, and missing files', async () => {
    for (const bad of ['../outside.ts', 'src/../../etc/hosts', 'https://example.com/a.ts', 'command:foo', 'src/missing.ts', '', 'a\0b']) {
      expect(await resolveOpenPath(bad, check)).toBeUndefined();
    }
    expect(await resolveOpenPath('src/app.ts', { roots: [], isFile: async () => true })).toBeUndefined();
  });
});
