/**
 * The editor's half of the slash commands (chat/chatCommands.ts `ChatCommandEditor`): /memory opens a memory
 * file (a new one as an unsaved document at its path, so nothing is written until the user saves), /export
 * an untitled markdown tab, /rewind a pick of this conversation's prompts for the checkpoint rewind, /model
 * writes the `codewright.model` setting.
 */
import * as vscode from 'vscode';
import type { ChatCommandEditor } from '../../conversation/chatCommands';
import type { ChatSession } from '../../conversation/chatSession';
import type { MemoryFileChoice } from '../../core/loop/commands/host';
import type { HostToWebview } from '../../protocol/messages';
import type { RewindOutcome } from '../checkpoints/rewind';

export interface CommandEditorDeps {
  session: ChatSession;
  /** The checkpoint rewind ("Rewind to here"), with its confirmation. */
  rewind(messageId: string): Promise<RewindOutcome>;
  post(message: HostToWebview): void;
}

export function createCommandEditor(deps: CommandEditorDeps): ChatCommandEditor {
  return {
    openMemoryFile,
    openMarkdown: async (_title, markdown) => {
      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
      await vscode.window.showTextDocument(doc, { preview: false });
    },
    // Not awaited: the command's turn must end before the rewind may fork the conversation.
    rewind: async () => {
      void pickAndRewind(deps).then(
        (message) => message && void vscode.window.showInformationMessage(`Codewright: ${message}`),
        (err: unknown) => void vscode.window.showErrorMessage(`Codewright: rewind failed: ${err instanceof Error ? err.message : String(err)}`),
      );
      return '';
    },
    setModel: async (model) => {
      await vscode.workspace.getConfiguration('codewright').update('model', model, vscode.ConfigurationTarget.Global);
    },
  };
}

async function openMemoryFile(choices: readonly MemoryFileChoice[]): Promise<string | undefined> {
  const picked =
    choices.length === 1
      ? choices[0]
      : (
          await vscode.window.showQuickPick(
            choices.map((c) => ({ label: c.label, description: c.exists ? '' : 'new', detail: c.path, choice: c })),
            { title: 'Codewright: Open Memory File', placeHolder: 'Which memory file?' },
          )
        )?.choice;
  if (!picked) return undefined;
  const uri = vscode.Uri.file(picked.path);
  const doc = await vscode.workspace.openTextDocument(picked.exists ? uri : uri.with({ scheme: 'untitled' }));
  await vscode.window.showTextDocument(doc, { preview: false });
  return picked.path;
}

/** The prompts of this conversation, newest first; the rewind's draft goes back into the composer. */
async function pickAndRewind(deps: CommandEditorDeps): Promise<string> {
  // The last user entry is the /rewind just typed: rewinding to it would undo nothing.
  const prompts = deps.session
    .allEntries()
    .filter((e) => e.role === 'user' && !e.text.trim().startsWith('/'))
    .reverse();
  if (prompts.length === 0) return 'There is no earlier prompt to rewind to yet.';
  const picked = await vscode.window.showQuickPick(
    prompts.map((e) => ({ label: e.role === 'user' ? e.text.split('\n')[0]!.slice(0, 120) : '', id: e.id })),
    { title: 'Codewright: Rewind', placeHolder: 'Restore the files and the conversation to before this prompt' },
  );
  if (!picked) return '';
  await idle(deps.session);
  const outcome = await deps.rewind(picked.id);
  if (!outcome.done) return outcome.reason;
  deps.post({ type: 'composerDraft', text: outcome.draft });
  return '';
}

/** Resolves once no turn runs (the /rewind command itself ends right after it starts the pick). */
function idle(session: ChatSession): Promise<void> {
  if (!session.busy) return Promise.resolve();
  return new Promise((resolve) => {
    const off = session.onEvent((e) => {
      if (e.type === 'busyChanged' && !e.busy) {
        off();
        resolve();
      }
    });
  });
}
