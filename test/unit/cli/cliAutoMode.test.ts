/** `--permission-mode auto` in the headless CLI: the classifier's allow runs, its block is denied (nobody to ask). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIFIER_TOOL_NAME } from '../../../extension/core/engines/permissions/classifierPrompt';
import { startFakeAnthropic, type FakeAnthropic, type FakeTurn } from '../../fixtures/fake-anthropic';
import { cliEnv, jsonLines, runCli } from './cliHarness';

const verdict = (decision: 'allow' | 'block', reason: string): FakeTurn => ({
  content: [{ type: 'tool_use', name: CLASSIFIER_TOOL_NAME, input: { decision, reason } }],
  // The classifier's own request, not the main loop's: a mix-up fails loudly.
  expect: { systemIncludes: 'permission classifier', lastUserTextIncludes: 'tidy up the build folder' },
});

describe('headless CLI in auto mode', { timeout: 60_000 }, () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-cli-test' });
  });
  afterAll(() => fake.close());

  it('runs what the classifier allows and denies what it blocks, telling the model why', async () => {
    const base = cliEnv(fake.url);
    const where = { ...base, env: { ...base.env, HOME: base.home } };
    fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_ok', name: 'Bash', input: { command: 'truncate -s 0 allowed.txt' } }] },
      verdict('allow', 'Part of tidying the build folder.'),
      { content: [{ type: 'tool_use', id: 'toolu_no', name: 'Bash', input: { command: 'truncate -s 0 blocked.txt' } }], expect: { toolResultIds: ['toolu_ok'] } },
      verdict('block', 'Not part of what the user asked.'),
      { content: [{ type: 'text', text: 'One ran, one was blocked.' }], expect: { toolResultIds: ['toolu_no'] } },
    ]);
    const run = await runCli(['-p', 'tidy up the build folder', '--permission-mode', 'auto', '--output-format', 'stream-json'], where);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(fake.remaining()).toBe(0);
    expect(existsSync(path.join(where.cwd, 'allowed.txt'))).toBe(true);
    expect(existsSync(path.join(where.cwd, 'blocked.txt'))).toBe(false);
    const results = JSON.stringify(jsonLines(run.stdout).filter((l) => l.type === 'user'));
    expect(results).toContain('Bash was blocked by the auto-mode classifier: Not part of what the user asked.');
  });

  it('lists auto in --help', async () => {
    const run = await runCli(['--help'], cliEnv(fake.url));
    expect(run.stdout).toMatch(/--permission-mode MODE +default \| acceptEdits \| plan \| bypassPermissions \| dontAsk \| auto/);
  });
});
