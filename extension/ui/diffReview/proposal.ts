/**
 * What a file-changing tool call proposes for the diff review: the tool builds it (`Tool.proposeChange`;
 * Edit and Write the whole file before and after, NotebookEdit the one cell's source), as LF texts the diff
 * editor can show, with `inputFor` to turn the text the user accepted back into the tool input that writes
 * exactly that. Free of `vscode`, so unit tests cover it.
 */
import type { PermissionPrompt } from '../../core/contracts/permissionPrompts';
import type { ProposedChange, ProposeOptions } from '../../core/contracts/toolViews';

export type Proposal = ProposedChange;

export type ReadText = ProposeOptions['read'];

/** Undefined for tools that change no file, or a change that cannot be reproduced exactly here. */
export async function buildProposal(prompt: Pick<PermissionPrompt, 'tool' | 'input'>, cwd: string, read: ReadText): Promise<Proposal | undefined> {
  return prompt.tool.proposeChange?.(prompt.input, { cwd, read });
}
