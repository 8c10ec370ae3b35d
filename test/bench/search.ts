/**
 * Search tools against bare ripgrep on a generated tree of 50,000 small files: the same rg binary, the same
 * arguments, spawned directly and read to the end, in the same run. Median of 7 after a warm-up, the two sides alternating (which also
 * fills the page cache, so both sides read from memory). Ratios are ours / rg; the aim is ≤ 1.2×.
 *
 * Grep files_with_matches and Glob must stat every match to sort by mtime, which rg's plain listing does not;
 * for Glob the table also shows `rg --sort modified`, the rg way to get the same order.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

/** Alternates the two sides run by run, so a burst of load elsewhere on the machine hits both alike. */
async function medianPair(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  await a(); // warm-up
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [fn, out] of i % 2 ? ([[b, tb], [a, ta]] as const) : ([[a, ta], [b, tb]] as const)) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
  }
  return [median(ta), median(tb)];
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

    const rows: [string, number, number][] = [];
    const compare = async (label: string, ours: () => Promise<unknown>, bare: readonly string[]) => {
      rows.push([label, ...(await medianPair(ours, () => bareRg(rg, bare, root)))]);
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

    console.log(`  ${'search'.padEnd(46)} ${'ours'.padStart(9)} ${'bare rg'.padStart(9)}  ratio`);
    for (const [label, ours, bare] of rows) {
      console.log(`  ${label.padEnd(46)} ${ours.toFixed(1).padStart(6)} ms ${bare.toFixed(1).padStart(6)} ms  ${(ours / bare).toFixed(2)}x`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
