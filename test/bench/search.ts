/**
 * Search tools against bare ripgrep on a generated tree of 50,000 small files: the same rg binary, the same
 * arguments, spawned directly and read to the end, in the same run. Median of 7 after a warm-up, the two sides alternating (which also
 * fills the page cache, so both sides read from memory). Ratios are ours / rg; the aim is ≤ 1.2×.
 *
 * Grep files_with_matches and Glob must stat every match to sort by mtime, which rg's plain listing does not;
 * the search port stats each path as rg prints it (`host/node/fileList.ts`), so on idle cores the stats overlap
 * rg's walk. On a machine whose cores are all busy they cannot, so the table also gives the CPU ratio (this
 * process and its children, summed over the runs; Linux only): there the stats show as their own cost. For Glob
 * it also shows `rg --sort modified`, the rg way to the same order (single-threaded, rg stats every file; not an
 * option for Glob itself: rg 13, which VS Code ships, sorts `--files` only within each folder).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolResultBlock } from '../../extension/core/base/messages';
import type { ToolUseContext } from '../../extension/core/contracts/toolUseContext';
import { executeToolUse } from '../../extension/core/engines/tools/execute';
import { NodeSearch, planGlob } from '../../extension/host/node/search';
import { GlobTool } from '../../extension/tools/Glob/Glob';
import { buildRipgrepArgs } from '../../extension/tools/Grep/args';
import { GrepTool } from '../../extension/tools/Grep/Grep';
import { allowAll, assistantWith, makeContext, toolUse } from '../unit/tool/fixtures';

const FILES = 50_000;
const PER_DIR = 100;
const EXTENSIONS = ['ts', 'js', 'md'] as const;
const RUNS = 7;

/** 500 folders of 100 files, a third each .ts/.js/.md; every tenth file mentions "needle" on two lines. */
async function generateTree(root: string): Promise<void> {
  mkdirSync(path.join(root, '.git'));
  for (let d = 0; d < FILES / PER_DIR; d++) mkdirSync(path.join(root, `pkg${d}`, 'src'), { recursive: true });
  const BATCH = 500;
  for (let start = 0; start < FILES; start += BATCH) {
    const writes: Promise<void>[] = [];
    for (let i = start; i < Math.min(start + BATCH, FILES); i++) {
      const hit = i % 10 === 0 ? `const needle${i} = find();\n// the needle again\n` : '';
      const body = `// file ${i}\nexport const value${i} = ${i};\n${hit}export function f${i}() { return value${i}; }\n`;
      const dir = path.join(root, `pkg${Math.floor(i / PER_DIR)}`, 'src');
      writes.push(writeFile(path.join(dir, `file${i}.${EXTENSIONS[i % 3]}`), body));
    }
    await Promise.all(writes);
  }
}

/** Bare rg: spawn, read stdout to the end, nothing else. */
function bareRg(rg: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(rg, [...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    let bytes = 0;
    child.stdout.on('data', (c: Buffer) => (bytes += c.length));
    child.on('error', reject);
    child.on('close', () => resolve(bytes));
  });
}

async function runTool(context: ToolUseContext, name: string, input: Record<string, unknown>): Promise<string> {
  const block = toolUse(name, input);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool: allowAll });
  const content = (outcome.result as ToolResultBlock).content;
  if (outcome.stage !== 'success' || typeof content !== 'string') throw new Error(`${name} failed: ${JSON.stringify(content)}`);
  return content;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU ms of this process and its reaped children (rg), or undefined where /proc is missing. */
function cpuMs(): number | undefined {
  let children = 0;
  try {
    // Fields after the command's closing paren: cutime and cstime are the 14th and 15th, in clock ticks (1/100 s).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + children;
}

interface Pair {
  wall: [number, number];
  /** CPU summed over the timed runs of each side; undefined off Linux. */
  cpu: [number, number] | undefined;
}

/** Alternates the two sides run by run, so a burst of load elsewhere on the machine hits both alike. */
async function medianPair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<Pair> {
  await a(); // warm-up
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  const cpu: [number, number] = [0, 0];
  for (let i = 0; i < RUNS; i++) {
    for (const [fn, out, side] of i % 2 ? ([[b, tb, 1], [a, ta, 0]] as const) : ([[a, ta, 0], [b, tb, 1]] as const)) {
      const c = cpuMs();
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
      const after = cpuMs();
      if (c !== undefined && after !== undefined) cpu[side] += after - c;
    }
  }
  return { wall: [median(ta), median(tb)], cpu: cpuMs() === undefined ? undefined : cpu };
}

export async function benchSearch(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'codewright-bench-search-'));
  try {
    const t0 = performance.now();
    await generateTree(root);
    console.log(`search: ${FILES.toLocaleString('en-US')} files generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const search = new NodeSearch();
    const rg = await search.rgPath();
    const context = makeContext([GrepTool, GlobTool], { cwd: root });
    context.ports = { ...context.ports, search };

    const rows: [string, Pair][] = [];
    const compare = async (label: string, ours: () => Promise<unknown>, bare: readonly string[]) => {
      rows.push([label, await medianPair(ours, () => bareRg(rg, bare, root))]);
    };

    const files = await runTool(context, 'Grep', { pattern: 'needle' });
    console.log(`  (Grep files_with_matches: ${files.split('\n')[0]}; Glob **/*.ts matches ${Math.ceil(FILES / 3).toLocaleString('en-US')} files)`);
    await compare('Grep files_with_matches (stats 5,000)', () => runTool(context, 'Grep', { pattern: 'needle' }), buildRipgrepArgs({ pattern: 'needle' }, '.'));
    await compare(
      'Grep content, head_limit 250',
      () => runTool(context, 'Grep', { pattern: 'needle', output_mode: 'content', head_limit: 250 }),
      buildRipgrepArgs({ pattern: 'needle', output_mode: 'content' }, '.'),
    );
    await compare(
      'Grep content, head_limit 0 (all 10,000)',
      () => runTool(context, 'Grep', { pattern: 'needle', output_mode: 'content', head_limit: 0 }),
      buildRipgrepArgs({ pattern: 'needle', output_mode: 'content' }, '.'),
    );
    await compare('Grep count', () => runTool(context, 'Grep', { pattern: 'needle', output_mode: 'count' }), buildRipgrepArgs({ pattern: 'needle', output_mode: 'count' }, '.'));
    const globArgs = ['--no-config', '--files', '--null', ...planGlob('**/*.ts').args];
    const glob = () => runTool(context, 'Glob', { pattern: '**/*.ts' });
    await compare('Glob **/*.ts vs rg --files (stats 16,667)', glob, globArgs);
    await compare('Glob **/*.ts vs rg --files --sort modified', glob, [...globArgs, '--sort', 'modified']);

    console.log(`  ${'search'.padEnd(46)} ${'ours'.padStart(9)} ${'bare rg'.padStart(9)}  ratio  cpu ratio`);
    for (const [label, { wall, cpu }] of rows) {
      const cpuRatio = cpu ? `${(cpu[0] / cpu[1]).toFixed(2)}x` : 'n/a';
      console.log(`  ${label.padEnd(46)} ${wall[0].toFixed(1).padStart(6)} ms ${wall[1].toFixed(1).padStart(6)} ms  ${(wall[0] / wall[1]).toFixed(2)}x  ${cpuRatio.padStart(8)}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
