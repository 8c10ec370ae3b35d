import { describe, expect, it } from 'vitest';
import { foldersBetween, NestedMemory } from '../../../../extension/core/engines/memory/nested';
import { nestedMemoryReminder, touchedPaths } from '../../../../extension/core/engines/memory/nestedReminder';
import type { ConfigProblem } from '../../../../extension/core/base/configProblems';
import { FakeMemoryIo } from './fakeIo';

describe('core/engines/memory/nested', () => {
  it('lists the folders below the workspace down to the target, skipping .claude and anything outside', () => {
    expect(foldersBetween('/w', '/w/a/b/file.ts')).toEqual(['/w/a', '/w/a/b', '/w/a/b/file.ts']);
    expect(foldersBetween('/w', '/w/.claude/commands/x.md')).toEqual(['/w/.claude/commands', '/w/.claude/commands/x.md']);
    expect(foldersBetween('/w', '/w')).toEqual([]);
    expect(foldersBetween('/w', '/elsewhere/a.ts')).toEqual([]);
    expect(foldersBetween('/w', '/w/..hidden/a.ts')).toEqual(['/w/..hidden', '/w/..hidden/a.ts']);
  });

  it('gives each subfolder memory file once per tracker, outermost first, and a fork starts afresh', async () => {
    const io = new FakeMemoryIo({
      '/w/CLAUDE.md': 'ROOT (in the system prompt already)',
      '/w/pkg/CLAUDE.md': 'PKG',
      '/w/pkg/lib/CLAUDE.local.md': 'LIB LOCAL',
      '/w/other/CLAUDE.md': 'OTHER',
    });
    const tracker = new NestedMemory({ root: '/w', io });
    expect((await tracker.touch('/w/pkg/lib/a.ts')).map((f) => `${f.type} ${f.content}`)).toEqual(['project PKG', 'local LIB LOCAL']);
    expect(await tracker.touch('/w/pkg/lib/b.ts')).toEqual([]);
    expect(await tracker.touch('/w/README.md')).toEqual([]);
    expect((await tracker.touch('other', '/w')).map((f) => f.path)).toEqual(['/w/other/CLAUDE.md']);
    expect((await tracker.fork().touch('/w/pkg/x.ts')).map((f) => f.path)).toEqual(['/w/pkg/CLAUDE.md']);
  });

  it('follows a nested file imports and reports what it could not follow', async () => {
    const problems: ConfigProblem[] = [];
    const io = new FakeMemoryIo({ '/w/pkg/CLAUDE.md': 'PKG\n@rules.md\n@missing.md', '/w/pkg/rules.md': 'RULES' });
    const [file] = await new NestedMemory({ root: '/w', io, onProblems: (p) => problems.push(...p) }).touch('/w/pkg/a.ts');
    expect(nestedMemoryReminder(file!)).toBe(
      [
        '<system-reminder>',
        'Contents of /w/pkg/CLAUDE.md (project memory for the folder /w/pkg). Its instructions apply to files under /w/pkg; follow them when working there, as you follow the memory files of the system prompt:',
        '',
        'PKG\n@rules.md\n@missing.md\n\n### Imported by /w/pkg/CLAUDE.md:2: /w/pkg/rules.md\n\nRULES',
        '</system-reminder>',
      ].join('\n'),
    );
    expect(problems).toEqual([{ kind: 'memory', path: '/w/pkg/CLAUDE.md', line: 3, message: expect.stringContaining('@missing.md') }]);
  });

  it('takes file_path, notebook_path and path from a tool input', () => {
    expect(touchedPaths({ file_path: '/w/a.ts', old_string: 'x' })).toEqual(['/w/a.ts']);
    expect(touchedPaths({ notebook_path: '/w/n.ipynb' })).toEqual(['/w/n.ipynb']);
    expect(touchedPaths({ pattern: 'x', path: 'src' })).toEqual(['src']);
    expect(touchedPaths({ command: 'ls' })).toEqual([]);
    expect(touchedPaths('nonsense')).toEqual([]);
  });
});
