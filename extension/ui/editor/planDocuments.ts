/**
 * Shows a plan waiting for approval in an editor tab (docs/ARCHITECTURE.md, Plan mode): a read-only
 * markdown document served from memory, opened in VS Code's markdown preview (the text editor when the
 * preview is not available).
 */
import * as vscode from 'vscode';

const SCHEME = 'codewright-plan';
/** Only the latest few plans stay readable; older tabs show empty text rather than leak memory. */
const KEEP = 4;
/** The built-in markdown extension's preview editor. */
const MARKDOWN_PREVIEW = 'vscode.markdown.preview.editor';

export class PlanDocuments implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.query) ?? '',
    });
  }

  /** Opens `plan` (markdown) beside the chat; `id` names the request, so each plan gets its own tab. */
  readonly open = async (id: string, plan: string): Promise<void> => {
    this.texts.set(id, plan);
    for (const key of [...this.texts.keys()].slice(0, -KEEP)) this.texts.delete(key);
    const uri = vscode.Uri.from({ scheme: SCHEME, path: '/Plan.md', query: id });
    // Focus stays in the chat, where the card takes Enter.
    const show = { preview: true, preserveFocus: true };
    try {
      await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW, show);
    } catch {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, show);
    }
  };

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
