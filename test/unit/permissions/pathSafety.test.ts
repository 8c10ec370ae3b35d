import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../../../extension/core/engines/permissions/engine';
import { protectedPathReason } from '../../../extension/core/engines/permissions/pathSafety';
import type { PermissionMode, PermissionResult, ToolPermissionContext } from '../../../extension/core/contracts/permissions';
import type { ToolUseContext } from '../../../extension/core/contracts/toolUseContext';
import type { AnyTool } from '../../../extension/core/contracts/tool';
import { NodeWorkspace } from '../../../extension/host/node/workspace';
import { EditTool } from '../../../extension/tools/Edit/Edit';
import { GlobTool } from '../../../extension/tools/Glob/Glob';
import { GrepTool } from '../../../extension/tools/Grep/Grep';
import { LspTool } from '../../../extension/tools/LSP/LSP';
import { NotebookEditTool } from '../../../extension/tools/NotebookEdit/NotebookEdit';
import { ReadTool } from '../../../extension/tools/Read/Read';
import { WriteTool } from '../../../extension/tools/Write/Write';
import { contextWith, setPermissions } from './support';

const tools = [ReadTool, WriteTool, EditTool, GlobTool, GrepTool, LspTool, NotebookEditTool] as AnyTool[];

describe('core/engines/permissions/pathSafety: protected paths', () => {
  it.each([
    ['/ws/.git/config', '.git/'],
    ['/ws/.git/hooks/pre-commit', '.git/'],
    ['/ws/sub/.GIT/HEAD', '.git/'],
    ['/ws/.vscode/settings.json', '.vscode/'],
    ['/ws/.vscode/tasks.json', '.vscode/'],
    ['/ws/.claude/settings.json', 'permission settings'],
    ['/ws/.claude/settings.local.json', 'permission settings'],
    ['/home/me/.bashrc', 'shell startup'],
    ['/home/me/.zshenv', 'shell startup'],
    ['/home/me/.bash_logout', 'shell startup'],
    ['/home/me/.config/fish/config.fish', 'shell startup'],
    ['/ws/.gitmodules', 'git configuration'],
  ])('protects %s', (p, reason) => {
    expect(protectedPathReason(p)).toContain(reason);
  });

  it.each(['/ws/src/git.ts', '/ws/.github/workflows/ci.yml', '/ws/.claude/commands/x.md', '/ws/docs/bashrc.md', '/ws/.gitignore'])('lets %s through', (p) => {
    expect(protectedPathReason(p)).toBeUndefined();
  });
});

describe('file tools: path rules and path safety on a real disk', () => {
  let ws: string;
  let outside: string;
  let context: ToolUseContext;
  const engine = createPermissionEngine();

  beforeEach(() => {
    // Real paths, so comparisons are not confused by a symlinked temp folder (macOS /var → /private/var).
    ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'cw-perm-ws-')));
    outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'cw-perm-out-')));
    mkdirSync(path.join(ws, '.git'));
    writeFileSync(path.join(ws, '.git', 'config'), '[core]\n');
    mkdirSync(path.join(ws, 'docs'));
    writeFileSync(path.join(ws, 'docs', 'a.md'), '# a\n');
    writeFileSync(path.join(ws, '.env'), 'SECRET=1\n');
    writeFileSync(path.join(outside, 'secret.txt'), 'x\n');
    const base = contextWith(tools);
    context = { ...base, cwd: ws, ports: { ...base.ports, workspace: new NodeWorkspace([ws]) } };
  });

  const permit = (p: Partial<ToolPermissionContext>) => setPermissions(context, p);
  const write = (file: string) => ({ file_path: file, content: 'x' });
  const decide = async (tool: AnyTool, input: Record<string, unknown>, mode: PermissionMode = 'default'): Promise<PermissionResult> => {
    permit({ mode });
    return engine(tool, input, context);
  };

  it('asks before writing inside the workspace, and acceptEdits lets it through', async () => {
    const file = path.join(ws, 'src', 'new.ts');
    expect(await WriteTool.checkPermissions(write(file), context)).toEqual({
      behavior: 'passthrough',
      message: `Write ${file}?`,
      suggestions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }],
    });
    expect(await decide(WriteTool, write(file))).toMatchObject({ behavior: 'ask', decisionReason: { type: 'mode', mode: 'default' } });
    expect(await decide(WriteTool, write(file), 'acceptEdits')).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'acceptEdits' } });
  });

  it('always asks before writing .git/, .claude/settings*.json, .vscode/ and shell startup files, whatever the mode or rules', async () => {
    permit({ alwaysAllowRules: { session: ['Write', 'Edit'] } });
    for (const rel of ['.git/config', '.claude/settings.json', '.claude/settings.local.json', '.vscode/settings.json', '.bashrc', 'sub/.zshrc']) {
      for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const) {
        const r = await decide(WriteTool, write(path.join(ws, rel)), mode);
        expect(r, `${rel} in ${mode}`).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck', reason: expect.stringContaining('is protected') } });
      }
    }
  });

  it('asks before writing outside the workspace in every mode but bypass, offering to add the folder', async () => {
    const file = path.join(outside, 'new.txt');
    for (const mode of ['default', 'acceptEdits'] as const) {
      expect(await decide(WriteTool, write(file), mode)).toMatchObject({
        behavior: 'ask',
        decisionReason: { type: 'safetyCheck', reason: `${file} is outside the workspace folders` },
        suggestions: [{ type: 'addDirectories', directories: [outside], destination: 'session' }],
        blockedPath: file,
      });
    }
    expect(await decide(WriteTool, write(file), 'dontAsk')).toMatchObject({ behavior: 'deny' });
    // bypassPermissions runs everything but protected paths, deny rules and ask rules (modes.ts, MODE_TABLE).
    expect(await decide(WriteTool, write(file), 'bypassPermissions')).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode' } });
  });

  it('treats an added directory as part of the workspace', async () => {
    permit({ additionalWorkingDirectories: new Map([[outside, { path: outside, source: 'session' }]]) });
    expect(await decide(WriteTool, write(path.join(outside, 'new.txt')), 'acceptEdits')).toMatchObject({ behavior: 'allow' });
  });

  it('resolves links: a link inside the workspace to a folder outside asks', async () => {
    symlinkSync(outside, path.join(ws, 'linked'));
    const file = path.join(ws, 'linked', 'new.txt');
    const r = await decide(WriteTool, write(file), 'acceptEdits');
    expect(r).toMatchObject({ behavior: 'ask', decisionReason: { type: 'safetyCheck' } });
    expect(r.behavior === 'ask' && r.message).toContain(`(a link to ${path.join(outside, 'new.txt')})`);
  });

  it('resolves links: a link to .git/config asks, and so does a dangling link pointing outside', async () => {
    symlinkSync(path.join(ws, '.git', 'config'), path.join(ws, 'innocent.txt'));
    expect(await decide(EditTool, { file_path: path.join(ws, 'innocent.txt'), old_string: 'a', new_string: 'b' }, 'bypassPermissions')).toMatchObject({
      behavior: 'ask',
      decisionReason: { type: 'safetyCheck', reason: expect.stringContaining('.git/') },
    });
    symlinkSync(path.join(outside, 'not-yet.txt'), path.join(ws, 'dangling.txt'));
    expect(await decide(WriteTool, write(path.join(ws, 'dangling.txt')), 'acceptEdits')).toMatchObject({
      behavior: 'ask',
      decisionReason: { type: 'safetyCheck', reason: expect.stringContaining('outside the workspace') },
    });
  });

  it('denies writes an Edit(...) deny rule covers, for Write, Edit and NotebookEdit alike', async () => {
    permit({ alwaysDenyRules: { projectSettings: ['Edit(docs/**)'] } });
    const nb = { notebook_path: path.join(ws, 'docs', 'n.ipynb'), new_source: 'x', edit_mode: 'replace', cell_id: 'a' };
    for (const [tool, input] of [
      [WriteTool, write(path.join(ws, 'docs', 'a.md'))],
      [EditTool, { file_path: path.join(ws, 'docs', 'a.md'), old_string: 'a', new_string: 'b' }],
      [NotebookEditTool, nb],
    ] as const) {
      const r = await decide(tool as AnyTool, input, 'bypassPermissions');
      expect(r, tool.name).toMatchObject({ behavior: 'deny', decisionReason: { type: 'rule', rule: { ruleValue: { toolName: 'Edit', ruleContent: 'docs/**' } } } });
      expect(r.behavior === 'deny' && r.message).toContain('denied by rule Edit(docs/**) from project settings');
    }
    expect(await decide(WriteTool, write(path.join(ws, 'src', 'a.ts')))).toMatchObject({ behavior: 'ask' });
  });

  it('allows without asking the writes an Edit(...) allow rule covers, and asks for Edit(...) ask rules', async () => {
    permit({ alwaysAllowRules: { localSettings: ['Edit(/docs/**)'] }, alwaysAskRules: { session: ['Edit(docs/private/**)'] } });
    expect(await decide(WriteTool, write(path.join(ws, 'docs', 'b.md')))).toMatchObject({ behavior: 'allow', decisionReason: { type: 'rule' } });
    expect(await decide(WriteTool, write(path.join(ws, 'docs', 'private', 'b.md')), 'acceptEdits')).toMatchObject({
      behavior: 'ask',
      decisionReason: { type: 'rule', rule: { ruleBehavior: 'ask' } },
    });
    expect(await decide(WriteTool, write(path.join(ws, 'src', 'b.ts')))).toMatchObject({ behavior: 'ask' });
  });

  it('reads inside the workspace without asking, and asks outside it with suggestions', async () => {
    expect(await decide(ReadTool, { file_path: path.join(ws, 'docs', 'a.md') })).toMatchObject({ behavior: 'allow', decisionReason: { type: 'workingDir' } });
    const file = path.join(outside, 'secret.txt');
    expect(await decide(ReadTool, { file_path: file })).toMatchObject({
      behavior: 'ask',
      message: `Read ${file}? It is outside the workspace folders.`,
      suggestions: [
        { type: 'addDirectories', directories: [outside], destination: 'session' },
        { type: 'addRules', rules: [{ toolName: 'Read', ruleContent: `/${outside}/**` }], behavior: 'allow', destination: 'localSettings' },
      ],
    });
    expect(await decide(GlobTool, { pattern: '*.txt', path: outside })).toMatchObject({
      behavior: 'ask',
      suggestions: [{ type: 'addDirectories', directories: [outside] }, expect.anything()],
    });
  });

  it('reads outside the workspace when a Read(//...) or Edit(...) allow rule covers the path', async () => {
    permit({ alwaysAllowRules: { localSettings: [`Read(/${outside}/**)`] } });
    expect(await decide(ReadTool, { file_path: path.join(outside, 'secret.txt') })).toMatchObject({ behavior: 'allow', decisionReason: { type: 'rule' } });
    permit({ alwaysAllowRules: { localSettings: [`Edit(/${outside}/**)`] } });
    expect(await decide(GrepTool, { pattern: 'x', path: outside })).toMatchObject({ behavior: 'allow' });
  });

  it('denies reads a Read(...) deny rule covers, for Read, Grep, Glob and LSP, also through a link', async () => {
    permit({ alwaysDenyRules: { userSettings: ['Read(*.env)', `Read(/${outside}/**)`] } });
    expect(await decide(ReadTool, { file_path: path.join(ws, '.env') }, 'bypassPermissions')).toMatchObject({
      behavior: 'deny',
      decisionReason: { type: 'rule', rule: { ruleValue: { toolName: 'Read', ruleContent: '*.env' } } },
    });
    expect(await decide(GrepTool, { pattern: 'SECRET', path: path.join(ws, '.env') })).toMatchObject({ behavior: 'deny' });
    expect(await decide(GlobTool, { pattern: '*', path: outside })).toMatchObject({ behavior: 'deny' });
    expect(await decide(LspTool, { operation: 'hover', file_path: path.join(ws, '.env'), line: 1, character: 1 })).toMatchObject({ behavior: 'deny' });
    symlinkSync(path.join(ws, '.env'), path.join(ws, 'config.txt'));
    expect(await decide(ReadTool, { file_path: path.join(ws, 'config.txt') })).toMatchObject({ behavior: 'deny' });
    expect(await decide(ReadTool, { file_path: path.join(ws, 'docs', 'a.md') })).toMatchObject({ behavior: 'allow' });
  });

  it("reads the session's own stored output without asking", async () => {
    const stored = path.join(context.ports.storage.dir, 'tool-results', 'r.txt');
    expect(await decide(ReadTool, { file_path: stored })).toMatchObject({ behavior: 'allow' });
  });

  it('anchors ~/ rules at the home directory', async () => {
    permit({ alwaysDenyRules: { session: ['Read(~/.ssh/**)'] } });
    expect(await decide(ReadTool, { file_path: path.join(homedir(), '.ssh', 'id_rsa') })).toMatchObject({ behavior: 'deny' });
  });
});

describe('host/node/workspace realpath', () => {
  it('resolves links, missing files under linked folders, and dangling links', async () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'cw-real-')));
    mkdirSync(path.join(root, 'target'));
    symlinkSync(path.join(root, 'target'), path.join(root, 'link'));
    symlinkSync(path.join(root, 'nowhere', 'file.txt'), path.join(root, 'dangling'));
    const ws = new NodeWorkspace([root]);
    expect(await ws.realpath(path.join(root, 'link'))).toBe(path.join(root, 'target'));
    expect(await ws.realpath(path.join(root, 'link', 'a', 'b.txt'))).toBe(path.join(root, 'target', 'a', 'b.txt'));
    expect(await ws.realpath(path.join(root, 'dangling'))).toBe(path.join(root, 'nowhere', 'file.txt'));
    expect(await ws.realpath(path.join(root, 'plain.txt'))).toBe(path.join(root, 'plain.txt'));
  });

  it('gives up on a loop of links without throwing', async () => {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'cw-loop-')));
    symlinkSync(path.join(root, 'b'), path.join(root, 'a'));
    symlinkSync(path.join(root, 'a'), path.join(root, 'b'));
    await expect(new NodeWorkspace([root]).realpath(path.join(root, 'a', 'x'))).resolves.toEqual(expect.any(String));
  });
});
