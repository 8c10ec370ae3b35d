/**
 * Workspace snapshots (`host/node/gitSnapshots.ts`) on a generated repository of 50,000 small files, committed:
 * what a capture around a Bash command costs, and how much the private store grows over a session.
 *
 * 1. Time: the first capture (seeded from the repository's index, so nothing is hashed) and the store's size
 *    after it; then a capture with no change (target ≤ 150 ms), one file changed (≤ 200 ms) and 1,000 files
 *    changed (≤ 2 s). Medians of several runs, each run making fresh content.
 * 2. Disk: the store's growth over 100 commands that each change one line of a ~10 KB source file, measured
 *    from after the first capture, as the sum of file sizes and as allocated blocks (hard links once), then
 *    after `prune` with an empty keep-set. Target ≤ 2 MB.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaptureResult } from '../../extension/core/contracts/snapshots';
import { GitSnapshotter } from '../../extension/host/node/gitSnapshots';
import { benchSnapshotSession } from './snapshotSession';

const FILES = 50_000;
const PER_DIR = 100;
const RUNS = 7;
const COMMANDS = 100;
const BIG_FILE = path.join('pkg0', 'src', 'service.ts');

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });

/** A plausible ~10 KB TypeScript file; `edit` changes one line, differently for each value. */
function sourceFile(edit: number): string {
  const lines: string[] = ["import { readFile } from 'node:fs/promises';", ''];
  for (let i = 0; lines.join('\n').length < 10_000; i++) {
    lines.push(`/** Loads record ${i} and returns its fields, trimmed. */`);
    lines.push(`export async function loadRecord${i}(dir: string): Promise<string[]> {`);
    lines.push(`  const text = await readFile(\`\${dir}/record-${i}.txt\`, 'utf8');`);
    lines.push(`  return text.split('\\n').map((line) => line.trim()).filter(Boolean);`);
    lines.push('}', '');
  }
  const at = 4 + (edit % 20) * 6;
  lines[at] = `  const text = await readFile(\`\${dir}/record-edited-${edit}.txt\`, 'utf8');`;
  return `${lines.join('\n')}\n`;
}

/** 500 folders of 100 small files plus one ~10 KB source file, committed. */
async function generateRepo(root: string): Promise<void> {
  for (let d = 0; d < FILES / PER_DIR; d++) mkdirSync(path.join(root, `pkg${d}`, 'src'), { recursive: true });
  const BATCH = 500;
  for (let start = 0; start < FILES; start += BATCH) {
    const writes: Promise<void>[] = [];
    for (let i = start; i < Math.min(start + BATCH, FILES); i++) {
      const body = `// file ${i}\nexport const value${i} = ${i};\nexport function f${i}() { return value${i}; }\n`;
      writes.push(writeFile(path.join(root, `pkg${Math.floor(i / PER_DIR)}`, 'src', `file${i}.ts`), body));
    }
    await Promise.all(writes);
  }
  writeFileSync(path.join(root, BIG_FILE), sourceFile(-1));
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'tree');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU ms of this process and its reaped children (git), or NaN where /proc is missing. */
function cpuMs(): number {
  try {
    // Fields after the command's closing paren: cutime and cstime are the 14th and 15th, in clock ticks (1/100 s).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    const own = process.cpuUsage();
    return (Number(fields[13]) + Number(fields[14])) * 10 + (own.user + own.system) / 1000;
  } catch {
    return NaN;
  }
}

/** Wall and CPU time of one capture. */
interface Timing {
  wall: number;
  cpu: number;
}

/** Bytes under `dir`: the sum of file sizes, and allocated blocks counting each inode once (what `du` says). */
function diskUse(dir: string): { bytes: number; blocks: number } {
  let bytes = 0;
  let blocks = 0;
  const inodes = new Set<number>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const info = statSync(file);
        bytes += info.size;
        if (!inodes.has(info.ino)) blocks += info.blocks * 512;
        inodes.add(info.ino);
      }
    }
  };
  walk(dir);
  return { bytes, blocks };
}

async function timed(snapshotter: GitSnapshotter, expectChanges: number): Promise<Timing> {
  const c = cpuMs();
  const t = performance.now();
  const result: CaptureResult = await snapshotter.capture();
  const wall = performance.now() - t;
  const cpu = cpuMs() - c;
  if (result.kind !== 'captured') throw new Error(`capture skipped: ${result.reason}`);
  if (result.changes.length !== expectChanges) throw new Error(`expected ${expectChanges} changes, got ${result.changes.length}`);
  return { wall, cpu };
}

/**
 * Budgets far above the defaults (10 s, 3 s): the bench measures the captures, and on a loaded machine a
 * default budget would turn snapshots off halfway. The table gives the targets to compare with.
 */
const snapshotter = (storeDir: string, repo: string) => new GitSnapshotter({ storeDir, roots: [repo], firstBudgetMs: 120_000, budgetMs: 60_000 });

/** The user's own `git status --porcelain` in the repository: what one pass over its files costs on this machine. */
function gitStatus(repo: string): Timing {
  const c = cpuMs();
  const t = performance.now();
  git(repo, 'status', '--porcelain');
  return { wall: performance.now() - t, cpu: cpuMs() - c };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
function row(label: string, runs: Timing[], note: string): void {
  const wall = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  console.log(`  ${label.padEnd(44)} ${wall.toFixed(1).padStart(8)} ms ${cpu.toFixed(0).padStart(6)} ms   ${note}`);
}

async function benchTimes(repo: string, stores: string): Promise<void> {
  const firsts: Timing[] = [];
  let s: GitSnapshotter | undefined;
  let storeDir = '';
  for (let i = 0; i < 3; i++) {
    storeDir = path.join(stores, `time-${i}`);
    s = snapshotter(storeDir, repo);
    firsts.push(await timed(s, 0));
  }
  console.log(`  ${'capture'.padEnd(44)} ${'wall'.padStart(11)} ${'cpu'.padStart(9)}`);
  const afterFirst = diskUse(storeDir);
  row('first capture (seeded from the repo index)', firsts, `store ${mb(afterFirst.bytes)} (index ${mb(statSync(path.join(storeDir, 'index')).size)})`);
  if (!s) return;

  await timed(s, 0); // warm-up
  const none: Timing[] = [];
  const status: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    none.push(await timed(s, 0));
    status.push(gitStatus(repo));
  }
  row('capture, no change', none, 'target ≤ 150 ms');
  row('(reference: `git status` in the repository)', status, 'the same walk and stats');

  const one: Timing[] = [];
  for (let i = 0; i < RUNS; i++) {
    writeFileSync(path.join(repo, 'pkg7', 'src', 'file700.ts'), `// one file changed, run ${i}\n`);
    one.push(await timed(s, 1));
  }
  row('capture, one file changed', one, 'target ≤ 200 ms');

  const many: Timing[] = [];
  for (let i = 0; i < 5; i++) {
    const writes: Promise<void>[] = [];
    for (let f = 0; f < 1000; f++) {
      const n = 10_000 + f * 7;
      writes.push(writeFile(path.join(repo, `pkg${Math.floor(n / PER_DIR)}`, 'src', `file${n}.ts`), `// file ${n}, run ${i}\nexport const v = ${i};\n`));
    }
    await Promise.all(writes);
    many.push(await timed(s, 1000));
  }
  row('capture, 1,000 files changed', many, 'target ≤ 2,000 ms');
}

async function benchDisk(repo: string, stores: string): Promise<void> {
  const storeDir = path.join(stores, 'disk');
  const s = snapshotter(storeDir, repo);
  await timed(s, 0);
  const base = diskUse(storeDir);
  for (let i = 0; i < COMMANDS; i++) {
    writeFileSync(path.join(repo, BIG_FILE), sourceFile(i));
    await timed(s, 1);
  }
  const after = diskUse(storeDir);
  const freed = await s.prune(new Set());
  const pruned = diskUse(storeDir);
  const growth = (use: { bytes: number; blocks: number }) => `+${kb(use.bytes - base.bytes)} (files), +${kb(use.blocks - base.blocks)} (blocks)`;
  console.log(`  store after the first capture: ${mb(base.bytes)} (files), ${mb(base.blocks)} (blocks)`);
  console.log(`  growth over ${COMMANDS} one-line edits of a ${kb(sourceFile(0).length)} file: ${growth(after)}   target ≤ 2 MB`);
  console.log(`  after prune (empty keep-set, ${kb(freed)} freed): ${growth(pruned)}`);
}

export async function benchSnapshot(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'codewright-bench-snapshot-'));
  const repo = path.join(root, 'repo');
  const stores = path.join(root, 'stores');
  mkdirSync(repo);
  try {
    const t0 = performance.now();
    await generateRepo(repo);
    console.log(`snapshot: ${FILES.toLocaleString('en-US')} files generated and committed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await benchTimes(repo, stores);
    await benchDisk(repo, stores);
    await benchSnapshotSession();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
