/**
 * The shipped CLI bundle (dist/cli.js, what `npm run build` makes) runs Bash in the OS sandbox: the
 * runtime's files (its seccomp helper next to the bundle) must be found from dist/, not from node_modules.
 * A command the sandbox auto-allows writes in the workspace and cannot write outside it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../extension/host/node/shell/sandbox';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';

/** Prints the error a Unix-socket connect got. */
const UNIX_SOCKET = `node -e "require('net').connect('/tmp/cw-no-such.sock').on('error', (e) => console.log('unix socket: ' + e.code))"`;

/** The tool_result line of one call in stream-json output. */
function resultOf(stdout: string, id: string): string {
  return stdout.split('\n').filter((l) => l.includes(`"${id}"`) && l.includes('tool_result')).join('\n');
}

const BUNDLE = path.resolve(__dirname, '../../dist/cli.js');
const status = detectSandbox();

function runBundle(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BUNDLE, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe.skipIf(!status.available)(`the CLI bundle with the sandbox on (${status.available ? 'bubblewrap present' : status.reason})`, { timeout: 90_000 }, () => {
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic({ apiKey: 'sk-cli-test', fallback: 'echo' });
  });
  afterAll(() => fake.close());

  it('finds the seccomp helper beside the bundle, runs an auto-allowed command sandboxed, and keeps its write outside the workspace out', async () => {
    expect(existsSync(path.resolve(__dirname, `../../dist/vendor/seccomp/${process.arch}/apply-seccomp`))).toBe(true);
    const cwd = mkdtempSync(path.join(tmpdir(), 'cw-bundle-ws-'));
    const home = mkdtempSync(path.join(tmpdir(), 'cw-bundle-home-'));
    const outside = mkdtempSync(path.join(tmpdir(), 'cw-bundle-outside-'));
    mkdirSync(path.join(cwd, '.claude'));
    writeFileSync(path.join(cwd, '.claude', 'settings.local.json'), JSON.stringify({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } }));
    const escape = path.join(outside, 'escape.txt');
    const write = (file: string) => `node -e "require('fs').writeFileSync('${file}', 'x')"`;
    fake.setScript([
      {
        content: [
          { type: 'tool_use', id: 'toolu_in', name: 'Bash', input: { command: write('inside.txt'), description: 'inside' } },
          { type: 'tool_use', id: 'toolu_out', name: 'Bash', input: { command: write(escape), description: 'outside' } },
          { type: 'tool_use', id: 'toolu_unix', name: 'Bash', input: { command: UNIX_SOCKET, description: 'unix socket' } },
        ],
      },
      { content: [{ type: 'text', text: 'Done.' }], expect: { toolResultIds: ['toolu_in', 'toolu_out', 'toolu_unix'] } },
    ]);
    const env = { ...process.env, ANTHROPIC_API_KEY: 'sk-cli-test', ANTHROPIC_BASE_URL: fake.url, CODEWRIGHT_HOME: home };
    const run = await runBundle(['-p', 'write both files', '--output-format', 'stream-json'], cwd, env);
    expect(run.stderr).not.toMatch(/seccomp/i);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'inside.txt'))).toBe(true);
    expect(existsSync(escape)).toBe(false);
    expect(resultOf(run.stdout, 'toolu_out')).toMatch(/sandbox/i);
    // The seccomp filter refuses to create a Unix socket at all; without the helper the connect would get as
    // far as looking the path up (ENOENT).
    expect(resultOf(run.stdout, 'toolu_unix')).toContain('unix socket: EPERM');
  });
});
