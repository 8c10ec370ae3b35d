/**
 * The temp workspace the permission corpus and the mode-table test decide in: real tools, a real disk
 * (`ws/` with src, docs, .git, .vscode, .claude, links leading out), and a `decide` that runs the engine
 * on one call in one mode with the given rules.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import type { ShellParser } from '../../../../extension/core/engines/permissions/bash';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { getEmptyToolPermissionContext, type PermissionMode, type PermissionResult } from '../../../../extension/core/contracts/permissions';
import type { AnyTool } from '../../../../extension/core/contracts/tool';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { NodeSearch } from '../../../../extension/host/node/search';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { getTools } from '../../../../extension/tools/tools';
import { makeContext } from '../../tool/fixtures';

export type ToolName = 'Bash' | 'Write' | 'Edit' | 'Read' | 'Grep';

/** One call: the command, or the path for file tools (`@ws/`, `@out/`, `@home/` or relative to `ws/`). */
export interface CallSpec {
  tool: ToolName;
  subject: string;
  rules?: { allow?: string[]; deny?: string[]; ask?: string[] };
}

export interface World {
  root: string;
  ws: string;
  out: string;
  tools: readonly AnyTool[];
  inputFor(c: CallSpec): Record<string, unknown>;
  contextFor(c: CallSpec, mode: PermissionMode): ToolUseContext;
  decide(c: CallSpec, mode: PermissionMode): Promise<PermissionResult>;
  dispose(): void;
}

export async function createWorld(): Promise<World> {
  const root = mkdtempSync(path.join(tmpdir(), 'cw-corpus-'));
  const ws = path.join(root, 'ws');
  const out = path.join(root, 'outside');
  for (const dir of ['src', 'docs', '.git', '.vscode', '.claude', 'config', 'secrets']) mkdirSync(path.join(ws, dir), { recursive: true });
  mkdirSync(out);
  for (const f of ['src/app.ts', 'README.md', 'docs/guide.md', '.git/config', 'config/.env', '.env', 'secrets/key.pem']) writeFileSync(path.join(ws, f), 'a\n');
  writeFileSync(path.join(out, 'elsewhere.txt'), 'a\n');
  mkdirSync(path.join(out, 'linked'));
  writeFileSync(path.join(out, 'linked', 'escape.txt'), 'a\n');
  // Links inside the workspace that lead out of it, or into .git.
  symlinkSync(path.join(out, 'linked'), path.join(ws, 'link-out'));
  symlinkSync(path.join(ws, '.git', 'config'), path.join(ws, 'link-git'));
  const parser: ShellParser = await loadBashParser();
  const tools = getTools([], { shellParser: parser });

  const expand = (subject: string): string => {
    if (subject.startsWith('@ws/')) return path.join(ws, subject.slice(4));
    if (subject.startsWith('@out/')) return path.join(out, subject.slice(5));
    if (subject.startsWith('@home/')) return path.join(homedir(), subject.slice(6));
    return path.resolve(ws, subject);
  };
  const inputFor = (c: CallSpec): Record<string, unknown> => {
    switch (c.tool) {
      case 'Bash':
        return { command: c.subject };
      case 'Write':
        return { file_path: expand(c.subject), content: 'x\n' };
      case 'Edit':
        return { file_path: expand(c.subject), old_string: 'a', new_string: 'b', replace_all: false };
      case 'Read':
        return { file_path: expand(c.subject) };
      case 'Grep':
        return { pattern: 'x', path: expand(c.subject) };
    }
  };
  const contextFor = (c: CallSpec, mode: PermissionMode): ToolUseContext => {
    const ctx = makeContext(tools, {
      cwd: ws,
      ports: { storage: new NodeSessionStorage(path.join(root, 'storage')), workspace: new NodeWorkspace([ws]), search: new NodeSearch() },
    });
    const rules = c.rules ?? {};
    ctx.setAppState((prev) => ({
      ...prev,
      toolPermissionContext: {
        ...getEmptyToolPermissionContext(),
        mode,
        isBypassPermissionsModeAvailable: true,
        alwaysAllowRules: { localSettings: rules.allow ?? [] },
        alwaysDenyRules: { localSettings: rules.deny ?? [] },
        alwaysAskRules: { localSettings: rules.ask ?? [] },
      },
    }));
    return ctx;
  };
  const toolOf = (c: CallSpec) => tools.find((t) => t.name === c.tool)!;
  return {
    root,
    ws,
    out,
    tools,
    inputFor,
    contextFor,
    decide: (c, mode) => createPermissionEngine()(toolOf(c), inputFor(c), contextFor(c, mode)),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
