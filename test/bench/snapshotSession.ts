/**
 * The snapshots' cost to a whole session: the `turns` bench's scripted session (41 model turns, 100 tool calls;
 * turnsScript.ts) with its 20 Bash commands writing a file each, run by the CLI from source against the fake API
 * in a git repository, with file checkpointing on (CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true), once with the
 * Bash snapshots on and once with them off (CODEWRIGHT_BASH_SNAPSHOTS=0). The two alternate, median of RUNS each.
 * Target: ≤ 10 % added wall time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAnthropic } from '../fixtures/fake-anthropic';
import { cleanEnv, exec } from './turns';
import { makeWorkspace, scriptedFallback } from './turnsScript';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const PROMPT = 'Tidy the TODO in every module under src/, and add a twiceN helper beside each one.';
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One session; resolves with its wall time and how many files the snapshots recorded (0 when off). */
async function session(snapshots: boolean): Promise<{ ms: number; stores: number }> {
  const base = mkdtempSync(path.join(tmpdir(), 'cw-bench-snapsession-'));
  const cwd = path.join(base, 'work');
  const home = path.join(base, 'home');
  mkdirSync(home, { recursive: true });
  makeWorkspace(cwd);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'start');
  const fake = await startFakeAnthropic({ fallback: scriptedFallback(cwd, 'write') });
  try {
    const env = cleanEnv(fake.url, home, {
      CODEWRIGHT_HOME: path.join(home, '.codewright'),
      CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: 'true',
      ...(snapshots ? {} : { CODEWRIGHT_BASH_SNAPSHOTS: '0' }),
    });
    const t = performance.now();
    const { code, stderr } = await exec(TSX, [path.join(ROOT, 'extension/cli/main.ts'), '-p', PROMPT, '--output-format', 'json', '--max-turns', '60', '--permission-mode', 'bypassPermissions'], cwd, env);
    const ms = performance.now() - t;
    if (code !== 0) throw new Error(`the session failed (exit ${code}): ${stderr.slice(-1000)}`);
    if (!existsSync(path.join(cwd, 'src', 'mod9.todos'))) throw new Error('the session did not run its last Bash command');
    // The snapshot stores the session made (one per session under its storage).
    const sessions = path.join(home, '.codewright', 'sessions');
    const stores = existsSync(sessions) ? readdirSync(sessions).filter((id) => existsSync(path.join(sessions, id, 'checkpoints', 'snapshots', 'index'))).length : 0;
    return { ms, stores };
  } finally {
    await fake.close();
    rmSync(base, { recursive: true, force: true });
  }
}

export async function benchSnapshotSession(): Promise<void> {
  const on: number[] = [];
  const off: number[] = [];
  await session(false); // warm-up (tsx's cache)
  for (let i = 0; i < RUNS; i++) {
    for (const snapshots of i % 2 ? [true, false] : [false, true]) {
      const run = await session(snapshots);
      if (snapshots && run.stores !== 1) throw new Error(`expected the session to keep one snapshot store, found ${run.stores}`);
      if (!snapshots && run.stores !== 0) throw new Error('snapshots were off, yet a store was made');
      (snapshots ? on : off).push(run.ms);
    }
  }
  const a = median(on);
  const b = median(off);
  console.log(`  session (41 turns, 100 calls, 20 Bash commands that write), median of ${RUNS}: snapshots on ${(a / 1000).toFixed(2)} s, off ${(b / 1000).toFixed(2)} s`);
  console.log(`  added wall time: ${(((a - b) / b) * 100).toFixed(1)} %   target ≤ 10 %`);
}
