/**
 * The chat webview in real Chromium: a 2,000-message transcript with 500 tool results opened from a
 * snapshot (message posted → first paint of rows), then a 1,000-delta stream (webviewStream.ts). Reports open
 * time, the longest main-thread stall while streaming (of any length) and the tasks over 50 ms, and the DOM node
 * count. Aim: open < 300 ms, no task > 50 ms.
 */
import type { ChatEntry } from '../../extension/protocol/messages';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../support/browser';
import { buildProductionWebview } from '../webview/bundle';
import { assistantMessage, snapshot, toolEntry, userMessage } from '../webview/fixtures';
import { openWebview, startHarness } from '../webview/harness';
import { streamDeltas } from './webviewStream';

export function transcript(): ChatEntry[] {
  const entries: ChatEntry[] = [];
  let tools = 0;
  for (let i = 0; entries.length < 2000; i++) {
    entries.push(userMessage(`u${i}`, `Question ${i}: what does \`module${i}.ts\` do, and can you fix the failing test?`));
    entries.push(
      assistantMessage(
        `a${i}`,
        `It exports **${i}** helpers. Here is the change:\n\n\`\`\`ts\nexport const value${i} = ${i};\n\`\`\`\n\n- one\n- two\n\nDone with step ${i}.`,
      ),
    );
    if (tools < 500 && i % 2 === 0) {
      const kind = tools % 4;
      const id = `t${tools++}`;
      if (kind === 0) entries.push(toolEntry(id, 'Read', { file_path: `/ws/src/module${i}.ts` }, { isError: false, text: '1\texport {}', truncated: false, data: { kind: 'read', filePath: `/ws/src/module${i}.ts`, startLine: 1, endLine: 40 } }, `src/module${i}.ts`));
      else if (kind === 1) entries.push(toolEntry(id, 'Grep', { pattern: 'TODO' }, { isError: false, text: 'src/a.ts:3:TODO', truncated: false, data: { kind: 'paths', items: [{ path: 'src/a.ts', line: 3, text: 'TODO' }], truncated: false } }, 'TODO'));
      else if (kind === 2) entries.push(toolEntry(id, 'Bash', { command: 'npm test' }, { isError: false, text: 'ok', truncated: false, data: { kind: 'bash', command: 'npm test', output: 'ok\n12 passed', exitCode: 0 } }, 'npm test'));
      else entries.push(toolEntry(id, 'Edit', { file_path: `/ws/src/module${i}.ts`, old_string: 'a', new_string: 'b' }, { isError: false, text: 'updated', truncated: false, data: { kind: 'diff', filePath: `/ws/src/module${i}.ts`, created: false, added: 1, removed: 1, truncated: false, hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] } }, `src/module${i}.ts`));
    }
  }
  return entries.slice(0, 2000);
}

export async function benchWebview(): Promise<void> {
  // Measured on the bundle users get (`npm run package`): React's development build is several times slower.
  const dist = mkdtempSync(path.join(tmpdir(), 'cw-bench-webview-'));
  await buildProductionWebview(dist);
  const harness = await startHarness({ dist });
  const browser = await launchChromium();
  try {
    const view = await openWebview(browser, harness);
    const { page } = view;
    const entries = transcript();
    const snap = snapshot(entries);
    const open = await page.evaluate(async (message) => {
      const w = window as unknown as { __longtasks: number[] };
      w.__longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longtasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
      const start = performance.now();
      window.postMessage(message, '*');
      while (!document.querySelector('[data-testid="message"]')) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      const ms = performance.now() - start;
      const openTasks = [...w.__longtasks];
      // Work the first paint leaves behind (highlighting the visible code blocks) runs in the next second.
      w.__longtasks = [];
      await new Promise((r) => setTimeout(r, 1000));
      return { ms, nodes: document.getElementsByTagName('*').length, openTasks, settleTasks: [...w.__longtasks] };
    }, snap);
    const stream = await streamDeltas(page);
    await view.close();
    const longest = (xs: number[]) => (xs.length ? `${Math.max(...xs).toFixed(0)} ms` : 'none over 50 ms');
    console.log(`webview: open 2,000 entries (500 tool results) snapshot → first paint   ${open.ms.toFixed(0)} ms (aim < 300); long tasks while opening: ${longest(open.openTasks)}`);
    console.log(`webview: long tasks in the second after first paint (first code highlighting): ${longest(open.settleTasks)}; count ${open.settleTasks.length}`);
    console.log(`webview: DOM nodes after open                                         ${open.nodes}`);
    console.log(`webview: 1,000-delta stream rendered in ${stream.ms.toFixed(0)} ms; longest main-thread stall while streaming: ${stream.longestStallMs.toFixed(0)} ms (aim < 50 ms), after the reply finished: ${stream.finishStallMs.toFixed(0)} ms; tasks over 50 ms: ${stream.tasks.length} (${longest(stream.tasks)})`);
    console.log(`webview: DOM nodes after streaming                                    ${stream.nodes}; last delta rendered: ${String(stream.hasEnd)}`);
    console.log(`ratio open time / 300 ms aim: ${(open.ms / 300).toFixed(2)}x`);
  } finally {
    await browser.close();
    await harness.close();
    rmSync(dist, { recursive: true, force: true });
  }
}
