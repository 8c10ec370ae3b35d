/**
 * Benchmarks, reported as ratios measured in one run (these machines are noisy; absolute times are not
 * comparable across runs). `npm run bench`.
 *
 * protocol: the cost of validating a streamed delta with Zod on receipt, against a bare JSON round trip,
 * which is what postMessage costs anyway. Tells whether parse-on-receipt is affordable per token.
 */
import { parseHostToWebview, parseWebviewToHost } from '../../extension/protocol/messages';
import { benchBash } from './bash';
import { benchCli } from './cli';
import { benchExecutor } from './executor';
import { benchLoop } from './loop';
import { benchRead } from './read';
import { benchSearch } from './search';
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

const json = time('JSON stringify+parse of a delta (baseline)', N, () => JSON.parse(JSON.stringify(delta)));
const host = time('parseHostToWebview(assistantDelta)', N, () => parseHostToWebview(delta));
const view = time('parseWebviewToHost(sendPrompt)', N, () => parseWebviewToHost(prompt));
const bad = time('parseWebviewToHost(forged message, rejected)', N, () => parseWebviewToHost({ type: 'runShell', x: 1 }));

console.log('');
console.log(`ratio parse delta / JSON round trip: ${(host / json).toFixed(2)}x`);
console.log(`ratio parse prompt / JSON round trip: ${(view / json).toFixed(2)}x`);
console.log(`ratio reject forged / JSON round trip: ${(bad / json).toFixed(2)}x`);

async function rest(): Promise<void> {
  console.log('');
  await benchExecutor();
  console.log('');
  await benchLoop();
  console.log('');
  await benchCli();
  console.log('');
  await benchSearch();
  console.log('');
  await benchRead();
  console.log('');
  await benchBash();
  console.log('');
  await benchWebview();
}
void rest();
