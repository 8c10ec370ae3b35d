/**
 * The streaming half of the webview bench: 1,000 deltas into a new assistant message, delivered ten at a time
 * the way they arrive over the wire. Measures tasks over 50 ms (the `longtask` observer) and, for tasks under
 * that too, the longest stall of the main thread: a MessageChannel heartbeat re-posts itself and records the
 * largest gap between two beats, which covers any task or rendering frame that held the thread.
 */
import type { Page } from 'playwright-core';

export interface StreamResult {
  ms: number;
  /** Durations of tasks over 50 ms. */
  tasks: number[];
  /** The longest time the main thread was unavailable, of any length. */
  longestStallMs: number;
  /** The same, in the 300 ms after the reply finished (a finished reply renders from its streamed blocks). */
  finishStallMs: number;
  nodes: number;
  hasEnd: boolean;
}

export function streamDeltas(page: Page): Promise<StreamResult> {
  return page.evaluate(async () => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    let beating = true;
    let last = performance.now();
    let longestStallMs = 0;
    let finishStallMs = 0;
    let finished = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = performance.now();
      longestStallMs = Math.max(longestStallMs, now - last);
      if (finished) finishStallMs = Math.max(finishStallMs, now - last);
      last = now;
      if (beating) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);

    window.postMessage({ type: 'busyChanged', busy: true }, '*');
    window.postMessage({ type: 'messageAdded', message: { id: 'live', role: 'assistant', text: '', status: 'streaming' } }, '*');
    const start = performance.now();
    for (let i = 0; i < 1000; i++) {
      window.postMessage({ type: 'assistantDelta', messageId: 'live', text: i % 40 === 39 ? `word${i}\n\n` : `word${i} ` }, '*');
      // Deltas arrive over the wire one by one, not in one burst.
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 4));
    }
    window.postMessage({ type: 'messageFinished', messageId: 'live', status: 'done' }, '*');
    // A marker in a Chromium trace (profileWebview.ts places long tasks relative to it); a no-op otherwise.
    console.timeStamp('reply finished');
    finished = true;
    await new Promise((r) => setTimeout(r, 300));
    beating = false;
    observer.disconnect();
    const text = document.querySelector('[data-testid="message"][data-role="assistant"]:last-of-type .message-text')?.textContent ?? '';
    return {
      ms: performance.now() - start,
      tasks,
      longestStallMs,
      finishStallMs,
      nodes: document.getElementsByTagName('*').length,
      hasEnd: text.includes('word999') || (document.body.textContent?.includes('word999') ?? false),
    };
  });
}
