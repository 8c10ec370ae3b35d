/**
 * `LspPort` on VS Code's language features: every operation is one of the `vscode.execute*Provider`
 * commands, so whatever language extensions the user has installed answer. Positions are 1-based at the
 * port and 0-based (UTF-16 code units) in VS Code. Diagnostics of one file show it in a preview tab,
 * because servers check only files shown to the user; workspace-wide diagnostics cover checked files only.
 */
import * as vscode from 'vscode';
import type { LspDiagnostic, LspLocation, LspOperation, LspPort } from '../../core/ports';

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

  constructor(options: VsCodeLspOptions = {}) {
    this.loadingTimeoutMs = options.loadingTimeoutMs ?? 20_000;
    this.firstDiagnosticsMs = options.firstDiagnosticsMs ?? 5_000;
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
    const changed = hasTab(uri) ? undefined : waitForDiagnostics(uri, this.firstDiagnosticsMs);
    await showForChecking(uri);
    await changed;
    return current();
  }

  async diagnosticsAfterEdit(path: string, timeoutMs: number): Promise<LspDiagnostic[]> {
    const uri = vscode.Uri.file(path);
    const changed = waitForDiagnostics(uri, timeoutMs);
    await showForChecking(uri);
    await changed;
    return vscode.languages
      .getDiagnostics(uri)
      .filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning)
      .map((d) => toDiagnostic(uri, d));
  }
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

/**
 * Resolves once diagnostics for `uri` have changed and then stayed quiet briefly, or at the timeout.
 * Servers report in waves (TypeScript: syntax first, semantics later), so the first event alone can
 * still carry the old semantic errors.
 */
function waitForDiagnostics(uri: vscode.Uri, timeoutMs: number, quietMs = 400): Promise<void> {
  const key = uri.toString();
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(timer);
      clearTimeout(quiet);
      sub.dispose();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (!e.uris.some((u) => u.toString() === key)) return;
      clearTimeout(quiet);
      quiet = setTimeout(finish, quietMs);
    });
  });
}
