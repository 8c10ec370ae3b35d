/**
 * `LspPort` on VS Code's language features: every operation is one of the `vscode.execute*Provider`
 * commands, so whatever language extensions the user has installed answer. Positions are 1-based at the
 * port and 0-based (UTF-16 code units) in VS Code. Diagnostics of one file show it in a preview tab,
 * because servers check only files shown to the user; workspace-wide diagnostics cover checked files only.
 */
import * as vscode from 'vscode';
import type { LspDiagnostic, LspLocation, LspOperation, LspPort } from '../../core/contracts/workspace';
import { DEFAULT_SETTLE, LanguageServerRule, ReportLatency, whenDiagnosticsSettle, type ExtensionManifest, type SettleOptions } from './diagnosticsSettle';
import { problems, settledOrClean } from './tsServerCheck';

type QueryParams = Parameters<LspPort['query']>[1];
type QueryResult = Awaited<ReturnType<LspPort['query']>>;

/** Languages no server covers: VS Code cannot tell "no provider" from "no answer", so these are known. */
const NO_SERVER_LANGUAGES = new Set(['plaintext', 'log', 'binary']);

const SEVERITY: Record<vscode.DiagnosticSeverity, LspDiagnostic['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export interface VsCodeLspOptions {
  /** How long to wait for a language server that reports it is still loading the project (TypeScript). */
  loadingTimeoutMs?: number;
  /** How long a freshly opened file may take to get its first diagnostics. */
  firstDiagnosticsMs?: number;
  /** How long to wait for the server after an edit (diagnosticsSettle.ts); the call's timeout caps it. */
  settle?: Partial<SettleOptions>;
}

const kindName = (kind: vscode.SymbolKind): string => (vscode.SymbolKind[kind] ?? 'symbol').toLowerCase();

function at(uri: vscode.Uri, range: vscode.Range, label?: string, kind?: vscode.SymbolKind): LspLocation {
  return {
    path: uri.fsPath,
    line: range.start.line + 1,
    character: range.start.character + 1,
    endLine: range.end.line + 1,
    endCharacter: range.end.character + 1,
    ...(label !== undefined ? { label } : {}),
    ...(kind !== undefined ? { kind: kindName(kind) } : {}),
  };
}

/** Definition-like providers answer with Locations or LocationLinks; a link's selection range is the name. */
function fromLocations(items: readonly (vscode.Location | vscode.LocationLink)[] | undefined): LspLocation[] {
  return (items ?? []).map((item) =>
    'targetUri' in item ? at(item.targetUri, item.targetSelectionRange ?? item.targetRange) : at(item.uri, item.range),
  );
}

type SymbolItem = vscode.SymbolInformation | vscode.DocumentSymbol;

/** Flattens a document-symbol tree; children are labelled `Parent.child` so the nesting survives. */
function flattenSymbols(uri: vscode.Uri, items: readonly SymbolItem[], prefix = ''): LspLocation[] {
  return items.flatMap((s) => {
    const name = prefix ? `${prefix}.${s.name}` : s.name;
    if ('selectionRange' in s) return [at(uri, s.selectionRange, name, s.kind), ...flattenSymbols(uri, s.children ?? [], name)];
    const qualified = !prefix && s.containerName ? `${s.containerName}.${s.name}` : name;
    return [at(s.location.uri, s.location.range, qualified, s.kind)];
  });
}

function hoverMarkdown(hovers: readonly vscode.Hover[] | undefined): string {
  const parts = (hovers ?? []).flatMap((h) =>
    h.contents.map((c) => (typeof c === 'string' ? c : 'language' in c ? `\`\`\`${c.language}\n${c.value}\n\`\`\`` : c.value)),
  );
  return parts.filter((p) => p.trim()).join('\n\n');
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const exec = <T>(command: string, ...args: unknown[]): Promise<T | undefined> =>
  Promise.resolve(vscode.commands.executeCommand<T | undefined>(command, ...args));

export class VsCodeLsp implements LspPort {
  private readonly loadingTimeoutMs: number;
  private readonly firstDiagnosticsMs: number;
  private readonly settle: SettleOptions;
  private readonly servers = languageServers();
  /** Edits being written, by file URI: the wait for the server, started before the write. */
  private readonly watching = new Map<string, Promise<unknown>>();
  private readonly latency: ReportLatency;

  constructor(options: VsCodeLspOptions = {}) {
    this.loadingTimeoutMs = options.loadingTimeoutMs ?? 20_000;
    this.firstDiagnosticsMs = options.firstDiagnosticsMs ?? 5_000;
    this.settle = { ...DEFAULT_SETTLE, ...options.settle };
    this.latency = new ReportLatency(this.settle.firstReportMs);
  }

  async query(operation: LspOperation, params: QueryParams): Promise<QueryResult> {
    if (operation === 'workspaceSymbol') {
      const symbols = await exec<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', params.query ?? '');
      return { locations: flattenSymbols(vscode.Uri.file('/'), symbols ?? []) };
    }
    if (!params.path) throw new Error(`${operation} needs a file path`);
    // Opening the document is what starts (or informs) the language server for its language.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(params.path));
    if (NO_SERVER_LANGUAGES.has(doc.languageId)) return undefined;
    const uri = doc.uri;
    if (operation === 'documentSymbol') {
      const symbols = await exec<SymbolItem[]>('vscode.executeDocumentSymbolProvider', uri);
      return { locations: flattenSymbols(uri, symbols ?? []) };
    }
    const pos = doc.validatePosition(new vscode.Position((params.line ?? 1) - 1, (params.character ?? 1) - 1));
    const hover = await this.hoverWhenLoaded(uri, pos);
    switch (operation) {
      case 'hover':
        return { hover };
      case 'goToDefinition':
        return { locations: fromLocations(await exec('vscode.executeDefinitionProvider', uri, pos)) };
      case 'goToImplementation':
        return { locations: fromLocations(await exec('vscode.executeImplementationProvider', uri, pos)) };
      case 'findReferences':
        return { locations: fromLocations(await exec<vscode.Location[]>('vscode.executeReferenceProvider', uri, pos)) };
      case 'incomingCalls':
      case 'outgoingCalls':
        return { locations: await this.calls(operation, uri, pos) };
    }
  }

  /**
   * TypeScript answers "(loading...)" and partial results while it loads a project; asking hover first and
   * waiting until it stops saying so makes every positional operation answer from the whole project.
   */
  private async hoverWhenLoaded(uri: vscode.Uri, pos: vscode.Position): Promise<string> {
    const deadline = Date.now() + this.loadingTimeoutMs;
    for (;;) {
      const text = hoverMarkdown(await exec<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos));
      if (!text.includes('(loading...)') || Date.now() > deadline) return text;
      await sleep(250);
    }
  }

  private async calls(operation: 'incomingCalls' | 'outgoingCalls', uri: vscode.Uri, pos: vscode.Position): Promise<LspLocation[]> {
    const items = (await exec<vscode.CallHierarchyItem[]>('vscode.prepareCallHierarchy', uri, pos)) ?? [];
    const out: LspLocation[] = [];
    for (const item of items) {
      if (operation === 'incomingCalls') {
        const calls = (await exec<vscode.CallHierarchyIncomingCall[]>('vscode.provideIncomingCalls', item)) ?? [];
        // One entry per call site, labelled with the calling symbol: the site is what the model edits.
        for (const c of calls) for (const r of c.fromRanges) out.push(at(c.from.uri, r, c.from.name, c.from.kind));
      } else {
        const calls = (await exec<vscode.CallHierarchyOutgoingCall[]>('vscode.provideOutgoingCalls', item)) ?? [];
        for (const c of calls) out.push(at(c.to.uri, c.to.selectionRange, c.to.name, c.to.kind));
      }
    }
    return out;
  }

  async diagnostics(path?: string): Promise<LspDiagnostic[]> {
    if (!path) {
      return vscode.languages.getDiagnostics().flatMap(([uri, list]) => list.map((d) => toDiagnostic(uri, d)));
    }
    const uri = vscode.Uri.file(path);
    const doc = await vscode.workspace.openTextDocument(uri);
    const current = () => vscode.languages.getDiagnostics(uri).map((d) => toDiagnostic(uri, d));
    // Nothing will check it, so neither show it nor wait for a report that never comes.
    if (NO_SERVER_LANGUAGES.has(doc.languageId)) return current();
    // A file shown just now gets checked just now: wait for that first report (or the timeout).
    const first = this.firstDiagnosticsMs;
    const changed = hasTab(uri) ? undefined : whenDiagnosticsSettle(reportsFor(uri), { firstReportMs: first, quietMs: 400, capMs: first });
    await showForChecking(uri);
    await changed;
    return current();
  }

  /**
   * What the file has now, without waiting: undefined when no server has checked it (no report and no
   * tab: servers check only files shown), so the problems after the edit cannot be told new or old.
   */
  async diagnosticsBeforeEdit(path: string): Promise<LspDiagnostic[] | undefined> {
    const uri = vscode.Uri.file(path);
    const current = vscode.languages.getDiagnostics(uri);
    const shown = hasTab(uri);
    // A file a server checks already: its answer to the edit is awaited from now, while the edit is written.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (shown && open && this.servers.serves(open.languageId)) this.watching.set(uri.toString(), this.watch(uri, open.languageId, this.settle.capMs));
    if (current.length === 0 && !shown) return undefined;
    return current.map((d) => toDiagnostic(uri, d));
  }

  /**
   * Waits only where a server serves the file's language, and only until its reports settle
   * (diagnosticsSettle.ts); `timeoutMs` caps the wait. A file nothing checks is answered at once.
   */
  async diagnosticsAfterEdit(path: string, timeoutMs: number): Promise<LspDiagnostic[]> {
    const uri = vscode.Uri.file(path);
    const watched = this.watching.get(uri.toString());
    this.watching.delete(uri.toString());
    // Started before the write, with the window's own cap (the tools' timeout is the same 2.5 s).
    if (watched) await settledOrClean(uri, watched);
    else {
      const doc = await vscode.workspace.openTextDocument(uri);
      if (this.servers.serves(doc.languageId)) {
        const settled = this.watch(uri, doc.languageId, Math.min(timeoutMs, this.settle.capMs));
        await showForChecking(uri);
        await settledOrClean(uri, settled);
      }
    }
    return problems(uri).map((d) => toDiagnostic(uri, d));
  }

  /**
   * `whenDiagnosticsSettle` with the language's learnt first-report window, learning from its outcome. A
   * watch nobody collects ends by itself at its cap.
   */
  private watch(uri: vscode.Uri, languageId: string, capMs: number): Promise<unknown> {
    const key = uri.toString();
    const settled = whenDiagnosticsSettle(reportsFor(uri), { ...this.settle, firstReportMs: this.latency.windowFor(languageId), capMs });
    void settled.then((outcome) => {
      if (outcome.firstReportMs !== undefined) this.latency.note(languageId, outcome.firstReportMs);
      if (this.watching.get(key) === settled) this.watching.delete(key);
    });
    return settled;
  }
}

/** The diagnostics reports for one file, as `whenDiagnosticsSettle` takes them. */
function reportsFor(uri: vscode.Uri): (onReport: () => void) => () => void {
  const key = uri.toString();
  return (onReport) => {
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === key)) onReport();
    });
    return () => sub.dispose();
  };
}

let windowServers: LanguageServerRule | undefined;

/**
 * One rule for the window, learning from every diagnostics report from the first VsCodeLsp on. Its
 * listener lives as long as the extension host: what it learns is about the window, not a session.
 */
function languageServers(): LanguageServerRule {
  if (windowServers) return windowServers;
  const rule = new LanguageServerRule(() => vscode.extensions.all.map((e) => e.packageJSON as ExtensionManifest));
  const note = (uris: readonly vscode.Uri[]) => {
    const languages = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d.languageId]));
    for (const uri of uris) {
      const languageId = languages.get(uri.toString());
      if (languageId) rule.noteReport(languageId);
    }
  };
  note(vscode.languages.getDiagnostics().map(([uri]) => uri));
  vscode.languages.onDidChangeDiagnostics((e) => note(e.uris));
  windowServers = rule;
  return rule;
}

function hasTab(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key),
  );
}

/**
 * Makes sure a language server checks the file. TypeScript (and others) check only files shown in an
 * editor tab, not documents merely opened by an extension, so a file without a tab is shown in a preview
 * tab that leaves focus where it was.
 */
async function showForChecking(uri: vscode.Uri): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (!hasTab(uri)) await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true });
}

function toDiagnostic(uri: vscode.Uri, d: vscode.Diagnostic): LspDiagnostic {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    path: uri.fsPath,
    line: d.range.start.line + 1,
    character: d.range.start.character + 1,
    severity: SEVERITY[d.severity],
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(code !== undefined ? { code: String(code) } : {}),
  };
}
