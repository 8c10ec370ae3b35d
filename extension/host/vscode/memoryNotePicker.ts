/** VS Code's `MemoryNotePicker`: a QuickPick of the memory files a `#` note may go to (core/engines/memory/notes.ts). */
import * as vscode from 'vscode';
import type { MemoryNotePicker, MemoryNoteTarget } from '../../core/engines/memory/notes';

export const quickPickMemoryNotes: MemoryNotePicker = {
  async pick(note: string, targets: readonly MemoryNoteTarget[]): Promise<MemoryNoteTarget | undefined> {
    const items = targets.map((target) => ({ label: target.label, description: target.description, detail: target.path, target }));
    const chosen = await vscode.window.showQuickPick(items, {
      title: `Save to memory: ${note}`,
      placeHolder: 'Which memory file should this note go to?',
      ignoreFocusOut: true,
    });
    return chosen?.target;
  },
};
