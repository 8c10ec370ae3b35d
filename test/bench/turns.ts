/**
 * Cheaper turns (issue 31, point 9): what each request of a scripted session repeats, and what the session's input
 * costs, for Codewright's headless CLI (run from source, so no build is needed) and for the real Claude Code binary
 * (node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude), each with its default tools against the same fake
 * API and the same script (turnsScript.ts): 41 model turns, 100 tool calls. Figures in turnsFigures.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAnthropic } from '../fixtures/fake-anthropic';
import { sessionFigures, type SessionFigures } from './turnsFigures';
import { makeWorkspace, scriptedFallback } from './turnsScript';

const ROOT = path.resolve(__dirname, '../..');
const CLAUDE = path.join(ROOT, 'node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const MODEL = 'claude-sonnet-4-6';
const PROMPT = 'Tidy the TODO in every module under src/, and add a twiceN helper beside each one.';
/** The issue's figures for Claude Code on this session, quoted when the binary cannot run here. */
const ISSUE_CLAUDE_PREFIX = 48_800;

interface Run {
  code: number | null;
  stderr: string;
  figures?: SessionFigures;
  error?: string;
}

/** The environment without the machine's provider settings, pointed at the fake, with a scratch home. */
export function cleanEnv(url: string, home: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(ANTHROPIC_|CLAUDE_|CODEWRIGHT_|AWS_|CLOUD_ML_|VERTEX_)/.test(name)) delete env[name];
  return { ...env, ANTHROPIC_API_KEY: 'sk-bench-fake', ANTHROPIC_BASE_URL: url, HOME: home, ...extra };
}

export function exec(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.on('data', () => {});
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => resolve({ code: null, stderr: String(e) }));
    child.on('close', (code) => resolve({ code, stderr: err }));
  });
}

type Agent = (cwd: string, home: string, url: string) => Promise<{ code: number | null; stderr: string }>;

const codewright: Agent = (cwd, home, url) =>
  exec(TSX, [path.join(ROOT, 'extension/cli/main.ts'), '-p', PROMPT, '--output-format', 'json', '--max-turns', '60', '--permission-mode', 'bypassPermissions', '--model', MODEL], cwd, cleanEnv(url, home, { CODEWRIGHT_HOME: path.join(home, '.codewright') }));

/** IS_SANDBOX lets root use bypassPermissions; the rest keeps Claude Code off the network and out of the real home. */
const claudeCode: Agent = (cwd, home, url) =>
  exec(CLAUDE, ['-p', PROMPT, '--output-format', 'stream-json', '--verbose', '--max-turns', '60', '--permission-mode', 'bypassPermissions', '--model', MODEL], cwd, cleanEnv(url, home, {
    CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  }));

async function runAgent(agent: Agent): Promise<Run> {
  const base = mkdtempSync(path.join(tmpdir(), 'cw-bench-turns-'));
  const cwd = path.join(base, 'work');
  const home = path.join(base, 'home');
  mkdirSync(home, { recursive: true });
  makeWorkspace(cwd);
  const fake = await startFakeAnthropic({ fallback: scriptedFallback(cwd) });
  try {
    const { code, stderr } = await agent(cwd, home, fake.url);
    // BENCH_TURNS_DUMP=<dir>: keep the recorded requests to read what each agent sent.
    const dump = process.env.BENCH_TURNS_DUMP;
    if (dump) writeFileSync(path.join(dump, `${agent === codewright ? 'codewright' : 'claude'}.json`), JSON.stringify(fake.requests.map((r) => r.body), null, 1));
    const failed = fake.requests.find((r) => r.status !== 200);
    try {
      return { code, stderr, figures: sessionFigures(fake.requests), ...(failed?.error ? { error: `${failed.status}: ${failed.error.message}` } : {}) };
    } catch (e) {
      return { code, stderr, error: `${String(e)}${failed?.error ? `; first failed request: ${failed.error.message}` : ''}` };
    }
  } finally {
    await fake.close();
    rmSync(base, { recursive: true, force: true });
  }
}

const k = (n: number): string => `${(n / 1000).toFixed(1)}k`;

function report(label: string, run: Run): void {
  const f = run.figures;
  if (!f) {
    console.log(`  ${label}: no figures (exit ${run.code}): ${run.error ?? ''}\n${run.stderr.slice(-2000)}`);
    return;
  }
  const p = f.prefix;
  console.log(`  ${label}: ${f.mainRequests} loop requests (+${f.requests - f.mainRequests} side), exit ${run.code}${run.error ? `; a request failed: ${run.error}` : ''}`);
  console.log(`    prefix ${p.total} chars (${k(p.total)}): tools ${p.toolChars}, system ${p.systemChars}, first message ${p.firstMessageChars}; prefix byte-stable across requests: ${f.prefixStable ? 'yes' : 'NO'}`);
  console.log(`    as sent (deferred definitions included, the issue's measure): ${p.sentToolChars + p.systemChars + p.firstMessageChars} chars, tools ${p.sentToolChars}`);
  console.log(`    tool definitions loaded ${p.loadedTools.length}, deferred ${p.deferredTools.length}: ${p.loadedTools.join(', ')}`);
  console.log(`    billed-equivalent input ${k(f.billed)} tokens (loop only ${k(f.billedMain)}): input ${f.input} + 1.25 × cache write ${f.cacheCreation} + 0.1 × cache read ${f.cacheRead}`);
}

export async function benchTurns(): Promise<void> {
  console.log(`turns: 41 model turns, 100 tool calls, default tools; figures from the fake API's requests (tokens = characters / 4, its estimate)`);
  const ours = await runAgent(codewright);
  report('Codewright', ours);
  const theirs = existsSync(CLAUDE) ? await runAgent(claudeCode) : undefined;
  if (theirs) report('Claude Code', theirs);
  const missing = ['Grep', 'Glob', 'TodoWrite'].filter((n) => theirs?.figures && !theirs.figures.prefix.loadedTools.includes(n));
  // Its calls to those come back as short errors, which makes its session cheaper than a working one: the ratio is conservative.
  if (missing.length) console.log(`    (this Claude Code offers no ${missing.join(', ')}: the script's calls to them come back as errors)`);
  else console.log(`  Claude Code: ${CLAUDE} is missing; quoting the issue's prefix of ${k(ISSUE_CLAUDE_PREFIX)} chars`);
  const o = ours.figures;
  const t = theirs?.figures;
  if (!o) return;
  console.log(`  prefix ${k(o.prefix.total)} chars (target ≤ 44k)${t || !theirs ? `; ratio to Claude Code's ${(o.prefix.total / (t?.prefix.total ?? ISSUE_CLAUDE_PREFIX)).toFixed(2)}x` : ''}`);
  if (t) console.log(`  ratio billed-equivalent input Codewright / Claude Code: ${(o.billed / t.billed).toFixed(2)}x (loop requests only ${(o.billedMain / t.billedMain).toFixed(2)}x; target ≤ 0.9x)`);
}
