import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../../../extension/core/engines/permissions/bash';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { withWorkingDirectory } from '../../../../extension/core/contracts/workingDirectory';
import { createBashTool } from '../../../../extension/tools/Bash/Bash';
import { bashHarness } from './harness';

describe('tools/Bash permissions and flags (with the tree-sitter analysis)', () => {
  let parser: ShellParser;
  beforeAll(async () => {
    parser = await loadBashParser();
  });

  it('is read-only and concurrency-safe only for read-only commands', () => {
    const bash = createBashTool({ parser });
    for (const command of ['ls -la', 'git status', 'cat package.json | grep name']) {
      expect([command, bash.isReadOnly({ command }), bash.isConcurrencySafe({ command })]).toEqual([command, true, true]);
    }
    for (const command of ['rm -rf build', 'npm install', 'echo hi > out.txt']) {
      expect([command, bash.isReadOnly({ command }), bash.isConcurrencySafe({ command })]).toEqual([command, false, false]);
    }
  });

  it('treats every command as a write without a parser', () => {
    const bash = createBashTool();
    expect(bash.isReadOnly({ command: 'ls' })).toBe(false);
    expect(bash.isConcurrencySafe({ command: 'ls' })).toBe(false);
  });

  it('allows read-only commands, denies what a deny rule names, and leaves the rest to the user', async () => {
    const h = bashHarness();
    const bash = createBashTool({ parser });
    h.context.setAppState((s) => ({
      ...s,
      toolPermissionContext: { ...s.toolPermissionContext, alwaysDenyRules: { session: ['Bash(rm:*)'] } },
    }));
    expect((await bash.checkPermissions({ command: 'ls' }, h.context)).behavior).toBe('allow');
    expect((await bash.checkPermissions({ command: 'rm -rf build' }, h.context)).behavior).toBe('deny');
    expect((await bash.checkPermissions({ command: 'npm install' }, h.context)).behavior).toBe('passthrough');
    const unsandboxed = await bash.checkPermissions({ command: 'ls', dangerouslyDisableSandbox: true }, h.context);
    expect(unsandboxed).toMatchObject({ behavior: 'ask', decisionReason: { type: 'sandboxOverride' } });
  });

  it('checks paths against the directory the shell is in now, not where the session started', async () => {
    const h = bashHarness();
    const bash = createBashTool({ parser });
    const withShell = { ...h.context, options: { ...h.context.options, tools: [bash] } };
    mkdirSync(path.join(h.ws, 'sub'));
    const before = await bash.checkPermissions({ command: 'cd ..' }, withShell);
    expect(before.behavior).not.toBe('allow'); // from the workspace root, .. is outside it
    await bash.call({ command: 'cd sub' }, withShell, async () => ({ behavior: 'allow' }), { role: 'assistant', content: [] });
    // The executor hands each call the context moved where the shell is.
    const after = await bash.checkPermissions({ command: 'cd ..' }, await withWorkingDirectory(withShell));
    expect(after.behavior).toBe('allow'); // from sub, .. is the workspace root
  });
});
