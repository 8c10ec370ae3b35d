import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../extension/core/loop/query/systemPrompt';
import { checkEditPermission, checkReadPermission } from '../../../extension/core/engines/permissions/filesystem';
import { initialPermissionContext } from '../../../extension/core/engines/permissions/settings';
import { toolResultText } from '../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../extension/core/engines/tools/execute';
import { defaultSearchRoots, WorkingDirectory, workingDirectories } from '../../../extension/core/contracts/workingDirectory';
import { NodeShell } from '../../../extension/host/node/shell/nodeShell';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { createBashTool } from '../../../extension/tools/Bash/Bash';
import { GlobTool } from '../../../extension/tools/Glob/Glob';
import { GrepTool } from '../../../extension/tools/Grep/Grep';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { allowAll, assistantWith, makeContext, toolUse } from './fixtures';

/** A workspace `ws` (with src/main.ts and top.txt) and, with `second`, a second workspace folder. */
function workspace(opts: { second?: boolean } = {}) {
  const base = mkdtempSync(path.join(tmpdir(), 'cw-wd-'));
  const ws = path.join(base, 'ws');
  const second = path.join(base, 'second');
  mkdirSync(path.join(ws, 'src'), { recursive: true });
  writeFileSync(path.join(ws, 'src', 'main.ts'), 'export const inSrc = true;\n');
  writeFileSync(path.join(ws, 'top.txt'), 'at the top\n');
  if (opts.second) {
    mkdirSync(path.join(second, 'lib'), { recursive: true });
    writeFileSync(path.join(second, 'lib', 'util.ts'), 'export const inSecond = true;\n');
  }
  const roots = opts.second ? [ws, second] : [ws];
  const plain = makeContext([createBashTool(), ReadTool, WriteTool, GlobTool, GrepTool], { cwd: ws });
  const context: ToolUseContext = { ...plain, ports: { ...plain.ports, workspace: new NodeWorkspace(roots), shell: new NodeShell({ killGraceMs: 300, pollMs: 20 }) } };
  const run = async (name: string, input: Record<string, unknown>, ctx: ToolUseContext = context) => {
    const block = toolUse(name, input);
    const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context: ctx, canUseTool: allowAll });
    return { text: toolResultText(outcome.result.content), isError: outcome.result.is_error === true };
  };
  return { base, ws, second, context, run, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

describe('core/contracts/workingDirectory: a Bash cd moves the working directory of every tool', () => {
  it('resolves Read, Write and Glob paths in the folder a cd inside the workspace moved to', async () => {
    const w = workspace();
    try {
      await w.run('Bash', { command: 'cd src' });
      expect((await w.run('Read', { file_path: 'main.ts' })).text).toContain('export const inSrc = true;');
      await w.run('Write', { file_path: 'out.txt', content: 'written in src\n' });
      expect(readFileSync(path.join(w.ws, 'src', 'out.txt'), 'utf8')).toBe('written in src\n');
      expect((await w.run('Glob', { pattern: '*.txt' })).text).toBe('out.txt');
    } finally {
      w.cleanup();
    }
  });

  it('resets a cd outside the workspace with a note, and relative paths resolve at the workspace again', async () => {
    const w = workspace();
    try {
      await w.run('Bash', { command: 'cd src' });
      const left = await w.run('Bash', { command: `cd ${tmpdir()} && echo away` });
      expect(left.text).toBe(`away\nShell cwd was reset to ${w.ws}`);
      expect((await w.run('Read', { file_path: 'top.txt' })).text).toContain('at the top');
      expect((await w.run('Bash', { command: 'pwd' })).text).toBe(w.ws);
    } finally {
      w.cleanup();
    }
  });

  it('keeps the move for a later turn (a new context sharing the session\'s WorkingDirectory), not for another session', async () => {
    const w = workspace();
    try {
      await w.run('Bash', { command: 'cd src' });
      const nextTurn: ToolUseContext = { ...w.context, toolDecisions: new Map() };
      expect((await w.run('Read', { file_path: 'main.ts' }, nextTurn)).text).toContain('inSrc');
      const otherSession: ToolUseContext = { ...w.context, workingDirectory: new WorkingDirectory() };
      expect((await w.run('Read', { file_path: 'main.ts' }, otherSession)).isError).toBe(true);
    } finally {
      w.cleanup();
    }
  });

  it('falls back to the session working directory when the folder moved to was deleted', async () => {
    const w = workspace();
    try {
      mkdirSync(path.join(w.ws, 'gone'));
      await w.run('Bash', { command: 'cd gone' });
      rmSync(path.join(w.ws, 'gone'), { recursive: true });
      expect((await w.run('Read', { file_path: 'top.txt' })).text).toContain('at the top');
      expect((await w.run('Bash', { command: 'pwd' })).text).toBe(w.ws);
    } finally {
      w.cleanup();
    }
  });

  it('keeps a cd into a directory the user added, which is inside the workspace', async () => {
    const w = workspace();
    const extra = mkdtempSync(path.join(tmpdir(), 'cw-extra-'));
    try {
      writeFileSync(path.join(extra, 'added.txt'), 'from the added dir\n');
      w.context.setAppState((s) => ({
        ...s,
        toolPermissionContext: { ...s.toolPermissionContext, additionalWorkingDirectories: new Map([[extra, { path: extra, source: 'session' as const }]]) },
      }));
      const moved = await w.run('Bash', { command: `cd ${extra}` });
      expect(moved.text).not.toContain('reset');
      expect((await w.run('Read', { file_path: 'added.txt' })).text).toContain('from the added dir');
    } finally {
      w.cleanup();
      rmSync(extra, { recursive: true, force: true });
    }
  });
});

describe('core/contracts/workingDirectory: every folder of a multi-root workspace, and added directories, are the workspace', () => {
  it('lists the folders and the added directories as one list, and searches every folder by default', async () => {
    const w = workspace({ second: true });
    try {
      expect(workingDirectories(w.context)).toEqual([w.ws, w.second]);
      expect(defaultSearchRoots(w.context)).toEqual([w.ws, w.second]);
      const glob = await w.run('Glob', { pattern: '**/*.ts' });
      expect(glob.text.split('\n').sort()).toEqual([path.join(w.second, 'lib', 'util.ts'), path.join('src', 'main.ts')].sort());
      const grep = await w.run('Grep', { pattern: 'export const' });
      expect(grep.text).toContain(path.join(w.second, 'lib', 'util.ts'));
      expect(grep.text).toContain(path.join('src', 'main.ts'));
      await w.run('Bash', { command: 'cd src' });
      expect((await w.run('Glob', { pattern: '**/*.ts' })).text).toBe('main.ts');
    } finally {
      w.cleanup();
    }
  });

  it('treats a file in the second folder as inside the workspace: a write passes through (acceptEdits covers it), a read is allowed', async () => {
    const w = workspace({ second: true });
    try {
      const file = path.join(w.second, 'lib', 'util.ts');
      const edit = await checkEditPermission(file, 'Edit util.ts?', w.context, { homeDir: homedir() });
      expect(edit.behavior).toBe('passthrough');
      const read = await checkReadPermission(file, w.context, { homeDir: homedir() });
      expect(read).toMatchObject({ behavior: 'allow', decisionReason: { type: 'workingDir' } });
      const outside = await checkEditPermission(path.join(w.base, 'elsewhere.txt'), 'Write?', w.context, { homeDir: homedir() });
      expect(outside).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
    } finally {
      w.cleanup();
    }
  });

  it('puts a directory from additionalDirectories (settings) or --add-dir inside the workspace for permissions', async () => {
    const w = workspace();
    const fromSettings = path.join(w.base, 'shared');
    const fromCli = path.join(w.base, 'cli');
    try {
      const loaded = { sources: { projectSettings: { allow: [], deny: [], ask: [], additionalDirectories: [fromSettings] } }, errors: [] };
      const permissions = initialPermissionContext(loaded, { additionalDirectories: [fromCli] });
      w.context.setAppState((s) => ({ ...s, toolPermissionContext: permissions }));
      for (const dir of [fromSettings, fromCli]) {
        const edit = await checkEditPermission(path.join(dir, 'a.txt'), 'Write?', w.context, { homeDir: homedir() });
        expect(edit.behavior, dir).toBe('passthrough');
      }
      expect(workingDirectories(w.context)).toEqual([w.ws, fromCli, fromSettings]);
    } finally {
      w.cleanup();
    }
  });

  it('names every workspace folder and the added directories in the system prompt', () => {
    const env = { cwd: '/a', platform: 'linux', osVersion: 'x', date: '2025-01-01', isGitRepo: false, memoryFiles: [], workspaceFolders: ['/a', '/b'], additionalDirectories: ['/extra'] };
    const text = buildSystemPrompt({ env, tools: [] }).map((b) => b.text).join('\n');
    expect(text).toContain('Workspace folders (all of them are the workspace): /a, /b');
    expect(text).toContain('Additional working directories: /extra');
  });
});
