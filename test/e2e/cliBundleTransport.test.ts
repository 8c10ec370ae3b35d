/**
 * The shipped CLI bundle's model transport (docs/ARCHITECTURE.md, Host memory): requests to the Anthropic API
 * go through llm/nodeFetch with the bundle's own `Headers`, so a session never loads Node's undici; the Bash
 * grammar comes from its lazy chunk; and an error from a provider SDK (a separate chunk with its own copy of
 * the SDK's classes) is still classified: a Bedrock 401 is a credentials error, not a network one to retry.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { startFakeProvider, type FakeProvider } from '../fixtures/fake-providers';

const BUNDLE = path.resolve(__dirname, '../../dist/cli.js');
const TRAP = path.resolve(__dirname, '../fixtures/cli/undici-trap.cjs');

function runBundle(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'cw-transport-ws-'));
  const home = mkdtempSync(path.join(tmpdir(), 'cw-transport-home-'));
  const child = spawn(process.execPath, ['--require', TRAP, BUNDLE, ...args], { cwd, env: { ...process.env, CODEWRIGHT_HOME: home, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the CLI bundle\'s model transport', { timeout: 60_000 }, () => {
  let api: FakeAnthropic;
  let bedrock: FakeProvider;
  beforeAll(async () => {
    api = await startFakeAnthropic({ apiKey: 'sk-transport' });
    bedrock = await startFakeProvider('bedrock', api);
  });
  afterAll(async () => {
    await bedrock.close();
    await api.close();
  });

  it('runs a session with a rate limit, a cut stream and a Bash call without ever loading undici', async () => {
    api.setScript([
      { fault: { kind: 'http', status: 429, retryAfter: 0 } },
      { content: [{ type: 'tool_use', id: 'toolu_echo', name: 'Bash', input: { command: 'echo transport-ok', description: 'echo' } }] },
      { fault: { kind: 'cut', afterEvents: 3 } },
      { content: [{ type: 'text', text: 'All done.' }], expect: { toolResultIds: ['toolu_echo'] } },
    ]);
    api.requests.length = 0;
    const run = await runBundle(['-p', 'go', '--output-format', 'stream-json', '--verbose'], { ANTHROPIC_API_KEY: 'sk-transport', ANTHROPIC_BASE_URL: api.url });
    expect(run.stderr).not.toContain('UNDICI-TOUCH');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(JSON.stringify(lines)).toContain('transport-ok');
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'All done.' });
    expect(api.requests).toHaveLength(4);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer sk-transport');
  });

  it('says a Bedrock 401 is a credentials problem, and does not retry it', async () => {
    // The front signs nothing itself: it forwards with a key the fake API refuses, so the answer is the API's 401.
    bedrock.requests.length = 0;
    const run = await runBundle(['-p', 'hello', '--model', 'claude-sonnet-4-5'], {
      ANTHROPIC_API_KEY: '',
      CLAUDE_CODE_USE_BEDROCK: '1',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_PROFILE: '',
      ANTHROPIC_BEDROCK_BASE_URL: bedrock.url,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('Amazon Bedrock rejected the credentials (401: invalid x-api-key)');
    expect(bedrock.requests).toHaveLength(1);
  });

  it('on Foundry without a key, runs the bundled Entra ID chain and says how to sign in, sending nothing', async () => {
    const foundry = await startFakeProvider('foundry', api);
    try {
      const run = await runBundle(['-p', 'hello', '--model', 'claude-sonnet-4-5'], {
        ANTHROPIC_API_KEY: '',
        CLAUDE_CODE_USE_FOUNDRY: '1',
        ANTHROPIC_FOUNDRY_API_KEY: '',
        ANTHROPIC_FOUNDRY_BASE_URL: `${foundry.url}/anthropic/`,
        // The developer tools only (no managed identity on a cloud CI machine), none of them signed in here.
        AZURE_TOKEN_CREDENTIALS: 'dev',
        AZURE_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'cw-azure-')),
        PATH: '/usr/bin:/bin',
      });
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toContain('Could not get credentials for Microsoft Foundry:');
      expect(run.stdout + run.stderr).toContain('az login');
      expect(foundry.requests).toHaveLength(0);
    } finally {
      await foundry.close();
    }
  });
});
