import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellParser } from '../../../../extension/core/permissions/bash';
import { createPermissionEngine } from '../../../../extension/core/permissions/engine';
import { getEmptyToolPermissionContext, type PermissionDecisionReason, type PermissionResult } from '../../../../extension/core/permissions/types';
import type { AnyTool } from '../../../../extension/core/tool/Tool';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { NodeSearch } from '../../../../extension/host/node/search';
import { NodeSessionStorage } from '../../../../extension/host/node/sessionStorage';
import { NodeWorkspace } from '../../../../extension/host/node/workspace';
import { getTools } from '../../../../extension/tools/tools';
import { makeContext } from '../../tool/fixtures';
import { CASES, type CaseClass, type CorpusCase, type Decision, type Mode } from './cases';

const MODES: Mode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'];
type Reason = PermissionDecisionReason['type'];
type Expect = { decision: Decision; reasons?: Reason[] };

const ask = (reasons?: Reason[]): Expect => ({ decision: 'ask', ...(reasons ? { reasons } : {}) });
const allow = (reasons?: Reason[]): Expect => ({ decision: 'allow', ...(reasons ? { reasons } : {}) });
const deny = (reasons: Reason[]): Expect => ({ decision: 'deny', reasons });
const planDeny = deny(['mode']);
const dontAskDeny = deny(['mode']);

/** What each mode decides for each class of case, and the reason it must give. */
const EXPECTED: Record<CaseClass, Record<Mode, Expect>> = {
  readOnly: { default: allow(), acceptEdits: allow(), plan: allow(), bypassPermissions: allow(), dontAsk: allow() },
  plain: { default: ask(), acceptEdits: ask(), plan: planDeny, bypassPermissions: allow(['mode']), dontAsk: dontAskDeny },
  danger: { default: ask(['safetyCheck']), acceptEdits: ask(['safetyCheck']), plan: planDeny, bypassPermissions: ask(['safetyCheck']), dontAsk: dontAskDeny },
  unparseable: { default: ask(['safetyCheck']), acceptEdits: ask(['safetyCheck']), plan: planDeny, bypassPermissions: ask(['safetyCheck']), dontAsk: dontAskDeny },
  denied: { default: deny(['rule']), acceptEdits: deny(['rule']), plan: deny(['rule']), bypassPermissions: deny(['rule']), dontAsk: deny(['rule']) },
  allowedByRule: {
    default: allow(['rule', 'subcommandResults']),
    acceptEdits: allow(['rule', 'subcommandResults']),
    plan: planDeny,
    bypassPermissions: allow(['mode', 'rule', 'subcommandResults']),
    dontAsk: allow(['rule', 'subcommandResults']),
  },
  askRule: { default: ask(['rule', 'subcommandResults']), acceptEdits: ask(['rule', 'subcommandResults']), plan: planDeny, bypassPermissions: ask(['rule', 'subcommandResults']), dontAsk: dontAskDeny },
  edit: { default: ask(), acceptEdits: allow(['mode']), plan: planDeny, bypassPermissions: allow(['mode']), dontAsk: dontAskDeny },
  protectedEdit: { default: ask(['safetyCheck']), acceptEdits: ask(['safetyCheck']), plan: planDeny, bypassPermissions: ask(['safetyCheck']), dontAsk: dontAskDeny },
  read: { default: allow(), acceptEdits: allow(), plan: allow(), bypassPermissions: allow(), dontAsk: allow() },
  outsideRead: { default: ask(), acceptEdits: ask(), plan: ask(), bypassPermissions: allow(['mode']), dontAsk: dontAskDeny },
};

let root: string;
let ws: string;
let out: string;
let parser: ShellParser;
let tools: readonly AnyTool[];
let ran = 0;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'cw-corpus-'));
  ws = path.join(root, 'ws');
  out = path.join(root, 'outside');
  for (const dir of ['src', 'docs', '.git', '.vscode', '.claude', 'config', 'secrets']) mkdirSync(path.join(ws, dir), { recursive: true });
  mkdirSync(out);
  for (const f of ['src/app.ts', 'README.md', 'docs/guide.md', '.git/config', 'config/.env', '.env', 'secrets/key.pem']) writeFileSync(path.join(ws, f), 'a\n');
  writeFileSync(path.join(out, 'elsewhere.txt'), 'a\n');
  mkdirSync(path.join(out, 'linked'));
  writeFileSync(path.join(out, 'linked', 'escape.txt'), 'a\n');
  // Links inside the workspace that lead out of it, or into .git.
  symlinkSync(path.join(out, 'linked'), path.join(ws, 'link-out'));
  symlinkSync(path.join(ws, '.git', 'config'), path.join(ws, 'link-git'));
  parser = await loadBashParser();
  tools = getTools([], { shellParser: parser });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  console.log(`permission corpus: ${CASES.length} cases × ${MODES.length} modes = ${ran} decisions checked`);
});

function expand(subject: string): string {
  if (subject.startsWith('@ws/')) return path.join(ws, subject.slice(4));
  if (subject.startsWith('@out/')) return path.join(out, subject.slice(5));
  if (subject.startsWith('@home/')) return path.join(homedir(), subject.slice(6));
  return path.resolve(ws, subject);
}

function inputFor(c: CorpusCase): Record<string, unknown> {
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
}

async function decide(c: CorpusCase, mode: Mode): Promise<PermissionResult> {
  const tool = tools.find((t) => t.name === c.tool)!;
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
  return createPermissionEngine()(tool, inputFor(c), ctx);
}

describe(`permission corpus (${CASES.length} cases)`, () => {
  it('has at least 150 commands and paths', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
  });

  for (const mode of MODES) {
    describe(mode, () => {
      it.each(CASES.map((c) => [`${c.tool} ${JSON.stringify(c.subject)} [${c.class}]`, c] as const))('%s', async (_name, c) => {
        const result = await decide(c, mode);
        const want = EXPECTED[c.class][mode];
        const got = result.behavior === 'passthrough' ? 'ask' : result.behavior;
        ran++;
        expect({ decision: got, reason: result.decisionReason?.type, message: 'message' in result ? result.message : '' }).toMatchObject({ decision: want.decision });
        expect(result.decisionReason, 'every decision carries its reason').toBeDefined();
        if (want.reasons) expect(want.reasons).toContain(result.decisionReason?.type);
        if (got === 'deny') expect((result as { message: string }).message.length).toBeGreaterThan(10);
      });
    });
  }
});
