import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRuleDecider } from '../../../extension/core/engines/permissions/ruleDecider';
import { permissionRuleValueFromString } from '../../../extension/core/engines/permissions/ruleValue';
import type { PermissionMode } from '../../../extension/core/contracts/permissions';
import { buildTool } from '../../../extension/core/contracts/tool';
import { makeContext } from '../tool/fixtures';

const shell = buildTool({
  name: 'Shell',
  inputSchema: z.object({ command: z.string() }),
  maxResultSizeChars: 1000,
  async description() {
    return '';
  },
  async prompt() {
    return '';
  },
  toAutoClassifierInput: (i: { command: string }) => i.command,
  checkPermissions: async (input) => ({ behavior: 'ask', message: `Run ${String(input.command)}?` }),
  async call() {
    return { data: '' };
  },
  mapToolResultToToolResultBlockParam: (o: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: o }),
});
const reader = buildTool({ ...shell, name: 'Reader', isReadOnly: () => true, checkPermissions: async (input) => ({ behavior: 'allow', updatedInput: input }) });

const decide = (mode: PermissionMode, allow: string[] = [], deny: string[] = []) =>
  createRuleDecider({ mode, allow: allow.map(permissionRuleValueFromString), deny: deny.map(permissionRuleValueFromString), source: 'cliArg' });

describe('core/engines/permissions/ruleDecider (a wrapper over the engine)', () => {
  const ctx = makeContext([shell, reader]);

  it('lets a deny rule win over an allow rule and over bypassPermissions', async () => {
    const r = await decide('bypassPermissions', ['Shell'], ['Shell'])(shell, { command: 'rm -rf /' }, ctx);
    expect(r).toMatchObject({ behavior: 'deny', decisionReason: { type: 'rule', rule: { ruleBehavior: 'deny', source: 'cliArg' } } });
  });

  it('allows by rule what would otherwise ask, with the rule as the reason', async () => {
    const r = await decide('default', ['Shell'])(shell, { command: 'npm run test:unit' }, ctx);
    expect(r).toMatchObject({ behavior: 'allow', decisionReason: { type: 'rule' } });
  });

  it('asks by default, naming how to allow it', async () => {
    const r = await decide('default')(shell, { command: 'make' }, ctx);
    expect(r).toMatchObject({ behavior: 'ask', message: expect.stringContaining('--allowedTools "Shell"') });
  });

  it('denies instead of asking in dontAsk mode', async () => {
    const r = await decide('dontAsk')(shell, { command: 'make' }, ctx);
    expect(r).toMatchObject({ behavior: 'deny', decisionReason: { type: 'mode', mode: 'dontAsk' } });
  });

  it('runs only read-only tools in plan mode, with a reason the model understands', async () => {
    expect(await decide('plan', ['Shell'])(shell, { command: 'make' }, ctx)).toMatchObject({ behavior: 'deny', message: expect.stringMatching(/Plan mode/) });
    expect(await decide('plan')(reader, { command: 'x' }, ctx)).toMatchObject({ behavior: 'allow' });
  });

  it('allows everything not denied in bypassPermissions mode', async () => {
    expect(await decide('bypassPermissions')(shell, { command: 'make' }, ctx)).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode' } });
  });

  it('lets acceptEdits through what the tool says acceptEdits covers, and nothing else', async () => {
    const editor = buildTool({
      ...shell,
      name: 'Editor',
      checkPermissions: async (input) => ({
        behavior: 'ask',
        message: 'Edit?',
        ...(String(input.command).startsWith('/inside') ? { suggestions: [{ type: 'setMode' as const, mode: 'acceptEdits' as const, destination: 'session' as const }] } : {}),
      }),
    });
    expect(await decide('acceptEdits')(editor, { command: '/inside/a.ts' }, ctx)).toMatchObject({ behavior: 'allow', decisionReason: { type: 'mode', mode: 'acceptEdits' } });
    expect(await decide('acceptEdits')(editor, { command: '/outside/a.ts' }, ctx)).toMatchObject({ behavior: 'ask' });
    expect(await decide('default')(editor, { command: '/inside/a.ts' }, ctx)).toMatchObject({ behavior: 'ask' });
  });
});
