/**
 * A direct answer from VS Code's TypeScript server for a file just edited: are there any syntax or type
 * errors now? VS Code's diagnostics API cannot say "checked, and clean" (a server with nothing new publishes
 * nothing, so `lsp.ts` would wait out its first-report window); the built-in TypeScript extension's
 * `typescript.tsserverRequest` command can, with the read-only `syntacticDiagnosticsSync` and
 * `semanticDiagnosticsSync` requests it allows. The extension sends the server any pending document
 * changes before a request, so the answer is about the edited text, provided the open document already
 * holds what is on disk (checked here). Any doubt (another language, the command missing or failing, the
 * buffer behind the disk) answers false, and the caller waits for reports as before.
 */
import * as vscode from 'vscode';
import { decodeText } from '../../core/base/text/encoding';

const TS_LANGUAGES: ReadonlySet<string> = new Set(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);

interface TsServerResponse {
  type?: string;
  success?: boolean;
  body?: unknown;
}

const noProblems = (response: unknown): boolean => {
  const r = response as TsServerResponse | undefined;
  return !!r && r.type === 'response' && r.success === true && Array.isArray(r.body) && r.body.length === 0;
};

async function bufferMatchesDisk(doc: vscode.TextDocument): Promise<boolean> {
  const disk = decodeText(await vscode.workspace.fs.readFile(doc.uri)).content;
  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  return !doc.isDirty && disk.replace(/\r\n|\r|\n/g, eol) === doc.getText();
}

/** True only when the TypeScript server reports no syntax and no type errors for the file as it is on disk. */
export async function typeScriptSaysClean(uri: vscode.Uri): Promise<boolean> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!doc || uri.scheme !== 'file' || !TS_LANGUAGES.has(doc.languageId)) return false;
  try {
    if (!(await bufferMatchesDisk(doc))) return false;
    const args = { file: uri.fsPath };
    const answers = await Promise.all(
      ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync'].map((request) =>
        vscode.commands.executeCommand<unknown>('typescript.tsserverRequest', request, args),
      ),
    );
    return answers.every(noProblems);
  } catch {
    return false;
  }
}

export const problems = (uri: vscode.Uri): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);

/**
 * The reports' settling, or sooner when the TypeScript server itself says the file is clean and VS Code
 * shows no problem for it (clean before and after: no report would come).
 */
export async function settledOrClean(uri: vscode.Uri, settled: Promise<unknown>): Promise<void> {
  // Problems shown now will change or be reported again: asking the server would only add to its queue.
  if (problems(uri).length) {
    await settled;
    return;
  }
  const clean = typeScriptSaysClean(uri).then((yes) => (yes && problems(uri).length === 0 ? undefined : settled));
  await Promise.race([settled, clean]);
}
