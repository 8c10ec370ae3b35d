/**
 * The headless CLI on a cloud provider (CLAUDE_CODE_USE_BEDROCK, no Anthropic key) through the loopback
 * Bedrock front, and `--fallback-model` on scripted 529s; plus the checks made before a run starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../extension/cli/args';
import { checkCliProvider } from '../../../extension/cli/provider';
import { startFakeAnthropic, textTurn, type FakeAnthropic } from '../../fixtures/fake-anthropic';
import { startFakeProvider, type FakeProvider } from '../../fixtures/fake-providers';
import { cliEnv, jsonLines, runCli } from './cliHarness';

describe('cli/provider: checks before the run', () => {
  it('needs ANTHROPIC_API_KEY only on the Anthropic API, and a fallback other than the model', () => {
    expect(checkCliProvider({ provider: 'auto' }, 'm', {}, false)).toMatchObject({ ok: false, error: expect.stringContaining('ANTHROPIC_API_KEY is not set') });
    expect(checkCliProvider({ provider: 'auto' }, 'm', { CLAUDE_CODE_USE_VERTEX: '1' }, false)).toEqual({ ok: true, choice: { name: 'vertex', source: 'environment' } });
    expect(checkCliProvider({ provider: 'foundry' }, 'm', {}, false)).toEqual({ ok: true, choice: { name: 'foundry', source: 'setting' } });
    expect(checkCliProvider({ provider: 'anthropic', 'fallback-model': 'm' }, 'm', {}, true)).toEqual({ ok: false, error: '--fallback-model must differ from the model (m).' });
  });

  it('parses --provider and --fallback-model, refusing an unknown provider', () => {
    const parsed = parseCliArgs(['-p', 'hi', '--provider', 'bedrock', '--fallback-model', 'claude-haiku-4-5']);
    expect(parsed).toMatchObject({ ok: true, options: { provider: 'bedrock', 'fallback-model': 'claude-haiku-4-5' } });
    expect(parseCliArgs(['-p', 'hi'])).toMatchObject({ ok: true, options: { provider: 'auto' } });
    expect(parseCliArgs(['-p', 'hi', '--provider', 'azure'])).toMatchObject({ ok: false, error: expect.stringMatching(/^--provider: /) });
  });
});

describe('the CLI on Bedrock and with a fallback model', () => {
  let api: FakeAnthropic;
  let bedrock: FakeProvider;
  beforeAll(async () => {
    api = await startFakeAnthropic();
    bedrock = await startFakeProvider('bedrock', api);
  });
  afterAll(async () => {
    await bedrock.close();
    await api.close();
  });

  it('runs a turn on Bedrock from Claude Code\'s variables, with no Anthropic key', async () => {
    api.setScript([textTurn('Answered through Bedrock.')]);
    const where = cliEnv(api.url, {
      ANTHROPIC_API_KEY: '',
      CLAUDE_CODE_USE_BEDROCK: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_PROFILE: '',
      ANTHROPIC_BEDROCK_BASE_URL: bedrock.url,
    });
    const run = await runCli(['-p', 'hello', '--model', 'claude-sonnet-4-5', '--verbose'], where);
    expect(run.stderr).toContain('codewright: provider: Amazon Bedrock (region us-east-1, from CLAUDE_CODE_USE_BEDROCK)');
    expect(run.stdout).toBe('Answered through Bedrock.\n');
    expect(run.code).toBe(0);
    expect(bedrock.requests.map((r) => r.path)).toEqual(['/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream']);
    expect(bedrock.requests[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
  }, 60_000);

  it('switches to --fallback-model after three 529s and says so in stream-json', async () => {
    const overloaded = { fault: { kind: 'http' as const, status: 529, retryAfter: 0 } };
    api.setScript([overloaded, overloaded, overloaded, textTurn('From the fallback.')]);
    api.requests.length = 0;
    const where = cliEnv(api.url);
    const run = await runCli(['-p', 'hello', '--output-format', 'stream-json', '--model', 'claude-sonnet-4-5', '--fallback-model', 'claude-haiku-4-5'], where);
    expect(run.code).toBe(0);
    expect(api.requests.map((r) => r.body.model)).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5']);
    const lines = jsonLines(run.stdout);
    expect(lines.filter((l) => l.subtype === 'informational').map((l) => l.content)).toEqual([
      'claude-sonnet-4-5 is overloaded (3 times in a row): switched to the fallback model claude-haiku-4-5 for the rest of this turn.',
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'From the fallback.' });
  }, 60_000);
});
