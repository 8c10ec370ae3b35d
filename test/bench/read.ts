/**
 * Read of a 100,000-line file with offset/limit through the whole executor, against reading the same
 * file with fs and slicing the lines by hand, in the same run.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { executeToolUse } from '../../extension/core/engines/tools/execute';
import { ReadTool } from '../../extension/tools/Read/Read';
import { allowAll, makeContext } from '../unit/tool/fixtures';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchRead(): Promise<void> {
  const context = makeContext([ReadTool]);
  const file = path.join(context.cwd, 'big.ts');
  writeFileSync(file, Array.from({ length: 100_000 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`).join('\n'));
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 15; i++) {
    let t = performance.now();
    const block = { type: 'tool_use' as const, id: `toolu_${i}`, name: 'Read', input: { file_path: file, offset: 50_000, limit: 100, allow_large: true } };
    const out = await executeToolUse({ block, assistantMessage: { role: 'assistant', content: [block] }, context, canUseTool: allowAll });
    ours.push(performance.now() - t);
    if (out.stage !== 'success') throw new Error(`Read failed: ${JSON.stringify(out.result.content).slice(0, 200)}`);
    t = performance.now();
    const text = await readFile(file, 'utf8');
    text
      .split('\n')
      .slice(49_999, 50_099)
      .map((l, k) => `${50_000 + k}\t${l}`)
      .join('\n');
    bare.push(performance.now() - t);
  }
  const o = median(ours);
  const b = median(bare);
  console.log('read: 100,000-line file (4.6 MB), offset 50,000, limit 100, median of 15');
  console.log(`  Read tool ${o.toFixed(1)} ms; fs.readFile + slice ${b.toFixed(1)} ms; ratio ${(o / b).toFixed(2)}x`);
}
