import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LanguageServerRule,
  ReportLatency,
  whenDiagnosticsSettle,
  type ExtensionManifest,
  type ReportSource,
  type Settled,
  type SettleOutcome,
} from '../../../../extension/host/vscode/diagnosticsSettle';

/** A file's reports as the test fires them, with the number of listeners still subscribed. */
function fakeReports(): { source: ReportSource; report: () => void; listening: () => number } {
  const listeners = new Set<() => void>();
  return {
    source: (onReport) => {
      listeners.add(onReport);
      return () => listeners.delete(onReport);
    },
    report: () => listeners.forEach((l) => l()),
    listening: () => listeners.size,
  };
}

/** How the wait ended once it has, or 'pending'; `first()` is when the first report came. */
function track(p: Promise<SettleOutcome>): (() => Settled | 'pending') & { first: () => number | undefined } {
  let outcome: SettleOutcome | undefined;
  void p.then((o) => (outcome = o));
  return Object.assign(() => outcome?.how ?? 'pending', { first: () => outcome?.firstReportMs });
}

const OPTIONS = { firstReportMs: 700, quietMs: 250, capMs: 2_500 };

describe('host/vscode/diagnosticsSettle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends when no report comes within the first-report window, and stops listening', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, OPTIONS));
    await vi.advanceTimersByTimeAsync(699);
    expect(outcome()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome()).toBe('noReport');
    expect(outcome.first()).toBeUndefined();
    expect(reports.listening()).toBe(0);
  });

  it('waits past the first-report window while reports keep coming, and ends once they are quiet', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, OPTIONS));
    await vi.advanceTimersByTimeAsync(600);
    reports.report(); // the syntax wave
    await vi.advanceTimersByTimeAsync(200);
    reports.report(); // the semantic wave, 800 ms after the edit
    await vi.advanceTimersByTimeAsync(249);
    expect(outcome()).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome()).toBe('quiet');
    expect(outcome.first()).toBe(600);
    expect(reports.listening()).toBe(0);
  });

  it('ends after the quiet window when the report comes early, without waiting out the first-report window', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, OPTIONS));
    await vi.advanceTimersByTimeAsync(100);
    reports.report();
    await vi.advanceTimersByTimeAsync(250);
    expect(outcome()).toBe('quiet');
  });

  it('gives up at the cap when a server never stops reporting', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, OPTIONS));
    for (let t = 0; t < 2_400; t += 200) {
      reports.report();
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(outcome()).toBe('pending');
    reports.report();
    await vi.advanceTimersByTimeAsync(100);
    expect(outcome()).toBe('cap');
    expect(reports.listening()).toBe(0);
  });

  it('never waits past a cap shorter than the first-report window', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, { ...OPTIONS, capMs: 300 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome()).not.toBe('pending');
  });

  it('ignores reports that come after it settled', async () => {
    const reports = fakeReports();
    const outcome = track(whenDiagnosticsSettle(reports.source, OPTIONS));
    await vi.advanceTimersByTimeAsync(700);
    reports.report();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome()).toBe('noReport');
  });
});

describe('host/vscode/diagnosticsSettle ReportLatency', () => {
  it('uses the initial window for a language it has not seen answer', () => {
    expect(new ReportLatency(1_000).windowFor('typescript')).toBe(1_000);
  });

  it('waits twice the slowest of the last five first reports, within bounds', () => {
    const latency = new ReportLatency(1_000);
    for (const ms of [900, 300, 250, 350, 280, 310]) latency.note('typescript', ms);
    expect(latency.windowFor('typescript')).toBe(700); // the 900 has left the five
    latency.note('json', 50);
    expect(latency.windowFor('json')).toBe(400);
    latency.note('css', 1_800);
    expect(latency.windowFor('css')).toBe(2_000);
    expect(latency.windowFor('plaintext')).toBe(1_000);
  });
});

describe('host/vscode/diagnosticsSettle LanguageServerRule', () => {
  const installed = (...extensions: ExtensionManifest[]) => () => extensions;

  it('serves the languages whose built-in extension reports problems, and not plain text', () => {
    const rule = new LanguageServerRule(installed());
    for (const id of ['typescript', 'javascriptreact', 'json', 'css', 'html']) expect(rule.serves(id)).toBe(true);
    for (const id of ['plaintext', 'markdown', 'log', 'python']) expect(rule.serves(id)).toBe(false);
  });

  it('serves a language once diagnostics were reported for a document of it', () => {
    const rule = new LanguageServerRule(installed());
    expect(rule.serves('markdown')).toBe(false);
    rule.noteReport('markdown');
    expect(rule.serves('markdown')).toBe(true);
    expect(rule.serves('plaintext')).toBe(false);
  });

  it('serves a language an installed extension activates on, unless that extension is built in', () => {
    const rule = new LanguageServerRule(
      installed(
        { isBuiltin: false, activationEvents: ['onLanguage:python', 'workspaceContains:*.py'] },
        { isBuiltin: true, activationEvents: ['onLanguage:php'] },
        { activationEvents: ['onStartupFinished'] },
      ),
    );
    expect(rule.serves('python')).toBe(true);
    expect(rule.serves('php')).toBe(false);
    expect(rule.serves('plaintext')).toBe(false);
  });
});
