/**
 * What a Claude Code `.claude` setup costs (test/fixtures/claude-setup):
 * - at the start of every turn the host reads command files, skills, agent files and memory (with imports)
 *   again instead of watching them: the median time of that read against reading the same files' bytes
 *   with no parsing (the floor any reader pays);
 * - every matching hook is a process: the hook runner (stdin JSON, process group, output caps) against a
 *   bare `child_process.spawn` of the same command.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, cpSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadMemoryFiles } from '../../extension/core/engines/memory/load';
import { memoryCandidates } from '../../extension/core/engines/memory/walk';
import { loadAgentDefinitions } from '../../extension/host/node/agentFiles';
import { loadCommandFiles } from '../../extension/host/node/commandFiles';
import { NodeHookRunner } from '../../extension/host/node/hookRunner';
import { NodeMemoryIo } from '../../extension/host/node/memoryIo';

const FIXTURE = path.resolve(__dirname, '../fixtures/claude-setup');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timed(reps: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function benchTurnStart(cwd: string, home: string): Promise<void> {
  const io = new NodeMemoryIo(home);
  const files = filesUnder(cwd);
  const read = () => Promise.all([loadCommandFiles({ cwd, homeDir: home }), loadAgentDefinitions({ cwd, homeDir: home }), loadMemoryFiles(memoryCandidates(cwd, home), io)]);
  const bytes = () => Promise.all(files.map((f) => readFile(f)));
  const setup = await timed(200, read);
  const floor = await timed(200, bytes);
  console.log(`turn start: read commands, skills, agents, memory  ${(setup * 1000).toFixed(0).padStart(6)} µs (median of 200)`);
  console.log(`baseline: read the ${files.length} files' bytes only      ${(floor * 1000).toFixed(0).padStart(6)} µs`);
  console.log(`ratio setup read / bytes only: ${(setup / floor).toFixed(2)}x`);
}

function bareSpawn(command: string, stdin: string, cwd: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', () => {});
    child.stderr.on('data', () => {});
    child.on('close', (code) => resolve(code));
    child.stdin.end(stdin);
  });
}

async function benchHook(cwd: string): Promise<void> {
  const runner = new NodeHookRunner();
  const stdin = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd, session_id: 'bench' });
  const command = 'cat >/dev/null';
  const hook = await timed(100, () => runner.run({ command, stdin, cwd, env: {}, timeoutMs: 10_000 }));
  const bare = await timed(100, () => bareSpawn(command, stdin, cwd));
  console.log(`one hook through the runner (sh -c "${command}")  ${(hook * 1000).toFixed(0).padStart(6)} µs (median of 100)`);
  console.log(`the same command by a bare spawn            ${(bare * 1000).toFixed(0).padStart(6)} µs`);
  console.log(`ratio hook runner / bare spawn: ${(hook / bare).toFixed(2)}x`);
}

export async function benchSetup(): Promise<void> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'cw-bench-setup-'));
  const home = mkdtempSync(path.join(tmpdir(), 'cw-bench-home-'));
  try {
    cpSync(FIXTURE, cwd, { recursive: true });
    await benchTurnStart(cwd, home);
    console.log('');
    await benchHook(cwd);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
