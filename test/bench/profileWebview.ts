/**
 * Dev tool: where the webview's long tasks go while a reply streams. Runs the webview bench's stream over its
 * 2,000-entry transcript with a Chromium trace (timeline and GC categories), then prints every main-thread task
 * over a threshold with what filled it: script (by function), garbage collection, style, layout, paint.
 *
 *   npx tsx test/bench/profileWebview.ts [runs=3] [thresholdMs=30]
 *
 * The bundle is the production build (React's production mode), unminified so functions keep their names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { REPO_ROOT } from '../webview/bundle';
import { snapshot } from '../webview/fixtures';
import { openWebview, startHarness } from '../webview/harness';
import { streamDeltas } from './webviewStream';
import { transcript } from './webview';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string; message?: string } };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.gc', 'disabled-by-default-v8.gc', 'blink'];

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function trace(page: Page, run: () => Promise<void>): Promise<{ events: TraceEvent[]; profile: CpuProfile }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  return { events, profile: profile as unknown as CpuProfile };
}

/** Inclusive sample time per function inside [from, to] (µs on the trace clock), top first. */
function functionsIn(profile: CpuProfile, from: number, to: number): [string, number][] {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)?.callFrame;
      if (!f || !f.functionName) continue;
      const name = `${f.functionName}:${String(f.lineNumber + 1)}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  }
  return [...inclusive].sort((a, b) => b[1] - a[1]);
}

/** The renderer main thread: where the page's `CrRendererMain` thread_name metadata points. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const meta = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return meta ? { pid: meta.pid, tid: meta.tid } : undefined;
}

function label(e: TraceEvent): string {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' && d) return `FunctionCall ${d.functionName || '(anonymous)'} ${path.basename(d.url ?? '')}:${String(d.lineNumber ?? '')}`;
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`;
  return e.name;
}

function report({ events, profile }: { events: TraceEvent[]; profile: CpuProfile }, thresholdMs: number): number[] {
  const main = mainThread(events);
  if (!main) throw new Error('no CrRendererMain thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const all = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const first = Math.min(...all.map((t) => t.ts));
  // The task that starts the profiler is the tool's own, not the page's.
  const start = onMain.find((e) => e.name === 'CpuProfiler::StartProfiling')?.ts ?? -1;
  const tasks = all.filter((t) => start < t.ts || start > t.ts + (t.dur ?? 0));
  const finish = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'reply finished')?.ts;
  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 >= thresholdMs).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const byLabel = new Map<string, number>();
    for (const e of inside) byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000);
    const top = [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 12);
    const fromFinish = finish === undefined ? 0 : (task.ts - finish) / 1000;
    const when = finish === undefined ? '' : `, ${Math.abs(fromFinish).toFixed(0)} ms ${fromFinish < 0 ? 'before' : 'after'} the reply finished`;
    const stopping = task.ts > profile.endTime ? ' (after the profiler stopped)' : '';
    console.log(`  task ${((task.dur ?? 0) / 1000).toFixed(1)} ms at +${((task.ts - first) / 1000).toFixed(0)} ms${when}${stopping}`);
    for (const [name, ms] of top) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${name}`);
    const fns = functionsIn(profile, task.ts, end).slice(0, 25);
    console.log(`    script by function (inclusive): ${fns.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(' | ')}`);
  }
  const gc = onMain.filter((e) => /GC|Scavenge|MarkCompact/i.test(e.name) && e.cat.includes('gc'));
  const gcMs = gc.reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
  const biggestGc = gc.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0);
  console.log(`  tasks: ${String(tasks.length)} (not counting the profiler's start), longest ${(Math.max(0, ...tasks.map((t) => t.dur ?? 0)) / 1000).toFixed(1)} ms; GC events ${String(gc.length)}, ${gcMs.toFixed(1)} ms in all, longest ${biggestGc.toFixed(1)} ms`);
  return long.map((t) => (t.dur ?? 0) / 1000);
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const threshold = Number(process.argv[3] ?? 30);
  const dist = mkdtempSync(path.join(tmpdir(), 'cw-profile-webview-'));
  await esbuild.build({
    entryPoints: { webview: path.join(REPO_ROOT, 'webview/main.tsx') },
    outdir: dist,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    minify: false,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const harness = await startHarness({ dist });
  const browser = await launchChromium();
  try {
    for (let i = 1; i <= runs; i++) {
      const view = await openWebview(browser, harness);
      await view.page.evaluate(async (message) => {
        window.postMessage(message, '*');
        await new Promise((r) => setTimeout(r, 1500));
      }, snapshot(transcript()));
      console.log(`run ${String(i)}: tasks over ${String(threshold)} ms while streaming`);
      report(await trace(view.page, () => streamDeltas(view.page).then(() => undefined)), threshold);
      await view.close();
    }
  } finally {
    await browser.close();
    await harness.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

void main();
