/**
 * The client command of the MCP conformance suite's client scenarios (scripts/test/conformance.mjs runs it
 * through the suite): the built headless CLI, `dist/cli.js -p`, with the scenario's test server as an HTTP
 * server in `--mcp-config`, against the fake Anthropic API, whose model calls every tool the server offers
 * (model.ts). The suite appends the server's URL as the last argument and names the scenario in
 * MCP_CONFORMANCE_SCENARIO; MCP_CONFORMANCE_CONTEXT carries a pre-registered client's credentials, which go
 * into the server's `oauth` entry. Sign-ins open BROWSER, a script that follows the authorization server's
 * redirect to the CLI's loopback (browser.mjs). Everything runs in a temporary home; the CLI's output is
 * passed through (the suite keeps it) and its exit code is this command's.
 *
 *   node --import tsx test/conformance/client.ts <server url>
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { startFakeAnthropic } from '../fixtures/fake-anthropic';
import { callEveryTool } from './model';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const BROWSER = path.join(__dirname, 'browser.mjs');
const SERVER = 'conformance';
const API_KEY = 'sk-conformance';
/** The suite's client ID metadata document URL (its authorization server only compares it; nothing fetches it). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

const ContextSchema = z.looseObject({ client_id: z.string().optional(), client_secret: z.string().optional() });

function context(): z.infer<typeof ContextSchema> {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  return raw ? ContextSchema.parse(JSON.parse(raw)) : {};
}

function mcpConfig(url: string): string {
  const ctx = context();
  const oauth = ctx.client_id ? { oauth: { clientId: ctx.client_id, ...(ctx.client_secret ? { clientSecret: ctx.client_secret } : {}) } } : {};
  return JSON.stringify({ mcpServers: { [SERVER]: { type: 'http', url, ...oauth } } }, null, 2);
}

async function main(): Promise<number> {
  const url = process.argv.at(-1);
  if (!url || !/^https?:\/\//.test(url)) throw new Error('usage: client.ts <server url>');
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const dir = mkdtempSync(path.join(tmpdir(), 'cw-conformance-'));
  const home = path.join(dir, 'home');
  const cwd = path.join(dir, 'workspace');
  mkdirSync(home);
  mkdirSync(cwd);
  const config = path.join(dir, 'mcp.json');
  writeFileSync(config, mcpConfig(url));
  const fake = await startFakeAnthropic({ apiKey: API_KEY, fallback: callEveryTool(SERVER) });
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      CODEWRIGHT_HOME: path.join(home, '.codewright'),
      CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: fake.url,
      BROWSER: `"${process.execPath}" "${BROWSER}"`,
      // Only the CIMD scenario: the draft offline-access one would fetch the document from the internet.
      ...(scenario === 'auth/basic-cimd' ? { CODEWRIGHT_MCP_CLIENT_METADATA_URL: CIMD_URL } : {}),
    };
    const args = [CLI, '-p', `Call every tool of the MCP server "${SERVER}".`, '--mcp-config', config, '--strict-mcp-config', '--permission-mode', 'bypassPermissions'];
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    return await new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`conformance client: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  },
);
