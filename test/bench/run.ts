/**
 * Benchmarks, reported as ratios measured in one run (these machines are noisy; absolute times are not
 * comparable across runs). `npm run bench` runs every part, `npm run bench -- webview` only the parts named.
 *
 * protocol: the cost of validating a streamed delta with Zod on receipt, against a bare JSON round trip,
 * which is what postMessage costs anyway. Tells whether parse-on-receipt is affordable per token.
 */
import { parseHostToWebview, parseWebviewToHost } from '../../extension/protocol/messages';
import { benchApproval } from './approval';
import { benchBash } from './bash';
import { benchCli } from './cli';
import { benchExecutor } from './executor';
import { benchLoop } from './loop';
import { benchRead } from './read';
import { benchRetry } from './retry';
import { benchSearch } from './search';
import { benchSetup } from './setup';
import { benchSnapshot } from './snapshot';
import { benchSubagent } from './subagent';
import { benchTurns } from './turns';
import { benchWebview } from './webview';

function time(label: string, iterations: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(iterations, 2000); i++) fn(i); // warm up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn(i);
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  console.log(`${label.padEnd(44)} ${(ns / 1000).toFixed(2).padStart(8)} µs/op`);
  return ns;
}

const N = 100_000;
const delta = { type: 'assistantDelta', messageId: 'b0c5e2a4-7d1f-4c39-9a55-3f0d2f6b1e21', text: 'Hello, world. ' };
const prompt = { type: 'sendPrompt', text: 'Explain the build script in this repository, step by step.' };

/** `npm run bench` runs every part; `npm run bench -- webview search` runs only the parts named. */
const PARTS: Record<string, () => unknown> = {
  protocol: benchProtocol,
  executor: benchExecutor,
  loop: benchLoop,
  retry: benchRetry,
  subagent: benchSubagent,
  setup: benchSetup,
  cli: benchCli,
  turns: benchTurns,
  search: benchSearch,
  read: benchRead,
  bash: benchBash,
  webview: benchWebview,
  approval: benchApproval,
  snapshot: benchSnapshot,
};

function benchProtocol(): void {
  const json = time('JSON stringify+parse of a delta (baseline)', N, () => JSON.parse(JSON.stringify(delta)));
  const host = time('parseHostToWebview(assistantDelta)', N, () => parseHostToWebview(delta));
  const view = time('parseWebviewToHost(sendPrompt)', N, () => parseWebviewToHost(prompt));
  const bad = time('parseWebviewToHost(forged message, rejected)', N, () => parseWebviewToHost({ type: 'runShell', x: 1 }));
  console.log('');
  console.log(`ratio parse delta / JSON round trip: ${(host / json).toFixed(2)}x`);
  console.log(`ratio parse prompt / JSON round trip: ${(view / json).toFixed(2)}x`);
  console.log(`ratio reject forged / JSON round trip: ${(bad / json).toFixed(2)}x`);
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in PARTS));
  if (unknown.length) {
    console.error(`Unknown bench part: ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}.`);
    process.exit(2);
  }
  const parts = asked.length ? asked : Object.keys(PARTS);
  for (const [i, name] of parts.entries()) {
    if (i) console.log('');
    await PARTS[name]!();
  }
}
void main();
