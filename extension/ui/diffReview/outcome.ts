/**
 * Turns an approval into what actually runs once the user has seen the proposal in the diff editor: an
 * accept of an edited proposal writes the user's text and tells the model how it differs from what it
 * proposed; an accept with every hunk rejected changes nothing. Free of `vscode`.
 */
import { reviewNote } from '../../core/engines/permissions/reviewNote';
import { toLf } from '../../core/base/text/diff';
import type { ApprovalAnswer } from '../../core/contracts/permissionPrompts';
import type { Proposal } from './proposal';

/** `final` is the proposal document's text when the answer came, undefined when it could not be read. */
export function reviewedAnswer(answer: ApprovalAnswer, proposal: Proposal, final: string | undefined): ApprovalAnswer {
  if (answer.behavior !== 'allow' || final === undefined || !proposal.editable) return answer;
  const text = toLf(final);
  if (text === proposal.after) return answer;
  if (text === proposal.before) {
    return {
      behavior: 'deny',
      message: `The user rejected every change you proposed to ${proposal.path}; it was left as it was.`,
      decisionReason: { type: 'other', reason: 'every hunk was rejected in diff review' },
    };
  }
  const note = reviewNote(proposal.path, proposal.before, proposal.after, text);
  return { ...answer, updatedInput: proposal.inputFor(text), userModified: true, ...(note ? { resultNote: note } : {}) };
}
