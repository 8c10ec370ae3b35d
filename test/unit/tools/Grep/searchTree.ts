/** Temp trees and a runner for the search tools' tests: real files, real rg, the real executor. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { GlobTool } from '../../../../extension/tools/Glob/Glob';
import { GrepTool } from '../../../../extension/tools/Grep/Grep';
import { allowAll, assistantWith, makeContext, toolUse } from '../../tool/fixtures';

const created: string[] = [];

/** A new temp folder, removed by removeTempDirs. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Deletes every folder made by makeTree and fakeRg; test files call it in afterAll. */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Writes `files` (relative path → content) under a new temp folder. A `.git` folder marks it as a
 * repository, because rg honours .gitignore only inside one. `ages` sets mtimes: seconds before now.
 */
export function makeTree(files: Record<string, string>, ages: Record<string, number> = {}): string {
  const root = tempDir('cw-search-');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  setAges(root, ages);
  return root;
}

export function setAges(root: string, ages: Record<string, number>): void {
  const now = Date.now() / 1000;
  for (const [rel, age] of Object.entries(ages)) utimesSync(path.join(root, rel), now - age, now - age);
}

/** A stand-in rg: a shell script (POSIX hosts only) that records its pid in `pidFile`, then runs `body`. */
export function fakeRg(body: string): { rgPath: string; pidFile: string } {
  const dir = tempDir('cw-fake-rg-');
  const pidFile = path.join(dir, 'pid');
  const rgPath = path.join(dir, 'rg');
  writeFileSync(rgPath, `#!/bin/sh\necho $$ > '${pidFile}'\n${body}\n`);
  chmodSync(rgPath, 0o755);
  return { rgPath, pidFile };
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function searchContext(cwd: string, overrides: Partial<ToolUseContext> = {}): ToolUseContext {
  return makeContext([GrepTool, GlobTool], { cwd, ...overrides });
}

/** Runs a tool_use through the executor, as the loop would; `text` is the result's string content. */
export async function runTool(name: 'Grep' | 'Glob', input: Record<string, unknown>, context: ToolUseContext) {
  const block = toolUse(name, input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  const result = outcome.result as ToolResultBlock;
  const text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
  return { text, isError: result.is_error === true, stage: outcome.stage };
}
