/**
 * Executor overhead per tool call for a trivial tool: schema parse + permission decision + call + mapping
 * + result budget check. Median of many calls, against a bare `call` of the same tool in the same run.
 */
import { z } from 'zod';
import { executeToolUse } from '../../extension/core/engines/tools/execute';
import { createCanUseTool, toolOwnDecider } from '../../extension/core/engines/tools/permissionGate';
import { buildTool, type CanUseToolFn } from '../../extension/core/contracts/tool';
import { makeContext } from '../unit/tool/fixtures';

const trivial = buildTool({
  name: 'Trivial',
  inputSchema: z.strictObject({ file_path: z.string(), offset: z.number().int().min(0).optional(), limit: z.number().int().positive().optional() }),
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return 'trivial';
  },
  async prompt() {
    return 'trivial';
  },
  async call(args) {
    return { data: args.file_path };
  },
  mapToolResultToToolResultBlockParam: (out: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: out }),
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchExecutor(calls = 20_000): Promise<void> {
  const ctx = makeContext([trivial]);
  const canUseTool: CanUseToolFn = createCanUseTool(toolOwnDecider);
  const input = { file_path: '/work/src/app.ts', offset: 10, limit: 40 };
  const assistantMessage = { role: 'assistant' as const, content: [] };
  const bare: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < calls; i++) {
    const block = { type: 'tool_use' as const, id: `toolu_${i}`, name: 'Trivial', input };
    let t = performance.now();
    await trivial.call(input);
    bare.push(performance.now() - t);
    t = performance.now();
    await executeToolUse({ block, assistantMessage, context: ctx, canUseTool });
    full.push(performance.now() - t);
    if (ctx.toolDecisions.size > 1000) ctx.toolDecisions.clear();
  }
  const w = Math.floor(calls / 10); // drop warm-up
  const mBare = median(bare.slice(w));
  const mFull = median(full.slice(w));
  console.log(`executor: ${calls} calls of a trivial tool`);
  console.log(`  median executeToolUse      ${(mFull * 1000).toFixed(1).padStart(7)} µs`);
  console.log(`  median bare tool.call      ${(mBare * 1000).toFixed(1).padStart(7)} µs`);
  console.log(`  overhead per call (median) ${((mFull - mBare) * 1000).toFixed(1).padStart(7)} µs (target < 100 µs)`);
  console.log(`  ratio executeToolUse / bare call: ${(mFull / mBare).toFixed(1)}x`);
}
