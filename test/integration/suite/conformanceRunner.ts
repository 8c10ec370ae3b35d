/**
 * The MCP conformance suite (@modelcontextprotocol/conformance) with the extension host as the client: the suite
 * runs in a child Node process, as in the CLI's conformance layer (scripts/test/conformance.mjs: the same
 * preload adds `fs.globSync` on Node 20), and its client command is test/conformance/hostClient.mjs, which hands
 * the scenario's server to a loopback bridge here and waits until the extension host has played the client
 * (`ScenarioClient`). The verdict is the suite's own: its checks (`checks.json`) and its OVERALL line.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';

/** What the suite's client command received: the server's URL, the scenario, and its context (a pre-registered client). */
export const ScenarioRequestSchema = z.object({
  url: z.url(),
  scenario: z.string(),
  context: z.looseObject({ client_id: z.string().optional(), client_secret: z.string().optional() }),
});
export type ScenarioRequest = z.infer<typeof ScenarioRequestSchema>;

/** The extension host playing the client of one scenario; `log` goes to the suite as the client's output. */
export type ScenarioClient = (request: ScenarioRequest) => Promise<{ exitCode: number; log: string }>;

const CheckSchema = z.looseObject({ id: z.string(), status: z.string(), description: z.string().optional(), errorMessage: z.string().optional() });
export type Check = z.infer<typeof CheckSchema>;

export interface ScenarioRun {
  name: string;
  passed: boolean;
  checks: Check[];
  /** Did the extension host play the client at all (the suite ran the command)? */
  played: boolean;
  output: string;
  seconds: number;
}

export interface ConformanceSuite {
  /** The client scenarios the suite lists. */
  clientScenarios(): Promise<string[]>;
  /** Runs one scenario; several may run at once (the bridge tells them apart by the scenario's name). */
  run(name: string, client: ScenarioClient, timeoutMs: number): Promise<ScenarioRun>;
  close(): Promise<void>;
}

/** `repo`: the repository (the extension's folder), where the suite, its preload and hostClient.mjs are. */
export async function openConformanceSuite(repo: string, node: string): Promise<ConformanceSuite> {
  const suite = path.join(repo, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  const preload = path.join(repo, 'scripts/test/conformance-preload.mjs');
  const command = [node, path.join(repo, 'test/conformance/hostClient.mjs')].map((p) => `"${p}"`).join(' ');
  const bridge = await startBridge();
  return {
    clientScenarios: async () => {
      const listed = await runSuite(node, ['--import', preload, suite, 'list'], process.env, repo, 60_000);
      const section = listed.split(/Client scenarios[^\n]*\n/)[1] ?? '';
      return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
    },
    run: async (name, client, timeoutMs) => {
      const out = mkdtempSync(path.join(tmpdir(), 'cw-it-conformance-'));
      let played = false;
      bridge.clients.set(name, (request) => {
        played = true;
        return client(request);
      });
      try {
        const args = ['--import', preload, suite, 'client', '--command', command, '--scenario', name, '--timeout', String(timeoutMs), '-o', out];
        const started = Date.now();
        const output = await runSuite(node, args, { ...process.env, CODEWRIGHT_CONFORMANCE_BRIDGE: bridge.url }, repo, timeoutMs + 15_000);
        const seconds = Math.round((Date.now() - started) / 100) / 10;
        return { name, passed: /OVERALL: PASSED/.test(output), checks: findChecks(out), played, output, seconds };
      } finally {
        bridge.clients.delete(name);
        rmSync(out, { recursive: true, force: true });
      }
    },
    close: () => bridge.close(),
  };
}

/** One run of the suite; resolves with its output (colours stripped), killed after `killMs`. */
function runSuite(node: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, killMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), killMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(output.replace(/\x1b\[[0-9;]*m/g, '')); // eslint-disable-line no-control-regex
    });
  });
}

function findChecks(dir: string): Check[] {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json') return z.array(CheckSchema).parse(JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')));
  }
  return [];
}

interface Bridge {
  url: string;
  /** The client of each scenario running, by its name. */
  clients: Map<string, ScenarioClient>;
  close(): Promise<void>;
}

/** The loopback endpoint hostClient.mjs posts its scenario to; it answers once the client has played it. */
async function startBridge(): Promise<Bridge> {
  const bridge: Bridge = { url: '', clients: new Map(), close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const answer = async () => {
        const request = ScenarioRequestSchema.parse(JSON.parse(body));
        const client = bridge.clients.get(request.scenario);
        if (!client) throw new Error(`the scenario ${request.scenario} is not running`);
        return client(request);
      };
      answer().then(
        (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
        (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.message : String(err)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bridge.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return bridge;
}
