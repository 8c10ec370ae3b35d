/**
 * When to wait for a language server after an edit, and for how long. Free of `vscode` (the VS Code side,
 * `lsp.ts`, feeds it events and language ids), so unit tests drive it with fake events and fake timers.
 *
 * VS Code's API cannot say whether a language server serves a language, nor when it has finished checking a
 * file: `onDidChangeDiagnostics` fires when a server publishes something new, and a server with nothing to
 * change publishes nothing (TypeScript stays silent for a file that is clean before and after an edit). So:
 * - a language is served when its built-in VS Code extension reports problems (`BUILT_IN_DIAGNOSTIC_LANGUAGES`),
 *   when an installed extension that is not built in activates on it (`onLanguage:<id>`: language servers do),
 *   or when any diagnostics have been reported for a document of that language in this window; anything else
 *   (plaintext, markdown, a language nothing installed checks) is not waited for at all;
 * - for a served language, the wait ends when no report comes within `firstReportMs` of the edit (nothing
 *   changed), `quietMs` after the last report (servers report in waves: syntax, then semantics), or at `capMs`.
 *   `firstReportMs` is learnt per language (`ReportLatency`): twice the slowest of the server's recent first
 *   reports, so a fast machine waits less for a clean edit and a slow one does not miss a new error.
 */

export interface SettleOptions {
  /** No report this long after the edit: the server had nothing new to say. */
  firstReportMs: number;
  /** After a report, the wait ends once no other report has come for this long. */
  quietMs: number;
  /** The longest wait in all, whatever the server does. */
  capMs: number;
}

/**
 * `firstReportMs` is the window before anything was learnt about a language. VS Code's TypeScript server
 * first reports 0.3–0.6 s after an edit (its own 200 ms debounce included; `npm run bench -- approval`).
 */
export const DEFAULT_SETTLE: SettleOptions = { firstReportMs: 1_000, quietMs: 250, capMs: 2_500 };

/** How the wait ended: no report in the first window, quiet after reports, or the cap. */
export type Settled = 'noReport' | 'quiet' | 'cap';

export interface SettleOutcome {
  how: Settled;
  /** When the first report came, counted from the start of the wait. */
  firstReportMs?: number;
}

/** Subscribes `onReport` to the reports for one file; returns the unsubscribe. */
export type ReportSource = (onReport: () => void) => () => void;

/** Resolves when the reports for the file have settled (see the module comment). Call it before the edit lands. */
export function whenDiagnosticsSettle(source: ReportSource, options: SettleOptions): Promise<SettleOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    let unsubscribe: () => void = () => undefined;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let firstReportMs: number | undefined;
    const finish = (how: Settled) => {
      clearTimeout(cap);
      clearTimeout(quiet);
      unsubscribe();
      resolve(firstReportMs === undefined ? { how } : { how, firstReportMs });
    };
    const cap = setTimeout(() => finish('cap'), options.capMs);
    quiet = setTimeout(() => finish('noReport'), Math.min(options.firstReportMs, options.capMs));
    unsubscribe = source(() => {
      firstReportMs ??= Date.now() - started;
      clearTimeout(quiet);
      quiet = setTimeout(() => finish('quiet'), options.quietMs);
    });
  });
}

/** Each language's recent first-report times, and the first-report window they call for. */
export class ReportLatency {
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly initialMs: number) {}

  note(languageId: string, firstReportMs: number): void {
    this.recent.set(languageId, [...(this.recent.get(languageId) ?? []), firstReportMs].slice(-5));
  }

  /** Twice the slowest of the last 5 first reports, between 400 ms and the initial window doubled. */
  windowFor(languageId: string): number {
    const seen = this.recent.get(languageId);
    if (!seen?.length) return this.initialMs;
    return Math.min(Math.max(2 * Math.max(...seen), 400), 2 * this.initialMs);
  }
}

/** Languages whose built-in VS Code extension reports problems without any setting or tool installed. */
export const BUILT_IN_DIAGNOSTIC_LANGUAGES: ReadonlySet<string> = new Set([
  'typescript',
  'typescriptreact',
  'javascript',
  'javascriptreact',
  'json',
  'jsonc',
  'css',
  'scss',
  'less',
  'html',
]);

/** What `LanguageServerRule` needs to know of an installed extension (`vscode.Extension.packageJSON`). */
export interface ExtensionManifest {
  isBuiltin?: boolean;
  activationEvents?: readonly string[];
}

/** Decides whether a language server serves a language (the rule in the module comment). */
export class LanguageServerRule {
  private readonly reported = new Set<string>();

  constructor(private readonly extensions: () => readonly ExtensionManifest[]) {}

  /** Diagnostics were reported for a document of `languageId`. */
  noteReport(languageId: string): void {
    this.reported.add(languageId);
  }

  serves(languageId: string): boolean {
    if (BUILT_IN_DIAGNOSTIC_LANGUAGES.has(languageId) || this.reported.has(languageId)) return true;
    const activation = `onLanguage:${languageId}`;
    return this.extensions().some((e) => !e.isBuiltin && (e.activationEvents ?? []).includes(activation));
  }
}
