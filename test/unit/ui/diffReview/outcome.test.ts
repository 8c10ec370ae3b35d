import { describe, expect, it } from 'vitest';
import type { ApprovalAnswer } from '../../../../extension/core/contracts/permissionPrompts';
import type { CanUseToolFn } from '../../../../extension/core/contracts/tool';
import { EditTool } from '../../../../extension/tools/Edit/Edit';
import { NotebookEditTool } from '../../../../extension/tools/NotebookEdit/NotebookEdit';
import { WriteTool } from '../../../../extension/tools/Write/Write';
import { reviewedAnswer } from '../../../../extension/ui/diffReview/outcome';
import { buildProposal, type Proposal } from '../../../../extension/ui/diffReview/proposal';
import { memoryHarness } from '../../tools/shared/harness';

const FILE = '/proj/f.txt';
const ORIGINAL = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
const read = (files: Record<string, string>) => async (p: string) => files[p];
const allow: ApprovalAnswer = { behavior: 'allow', decisionReason: { type: 'other', reason: 'allowed by the user' } };

async function proposalFor(tool: typeof EditTool | typeof WriteTool, input: Record<string, unknown>, files: Record<string, string> = { [FILE]: ORIGINAL }) {
  const proposal = await buildProposal({ tool, input }, '/proj', read(files));
  if (!proposal) throw new Error('no proposal');
  return proposal;
}

/** Runs the tool through the real executor with the review's answer as the permission decision. */
async function runReviewed(name: 'Edit' | 'Write', input: Record<string, unknown>, answerFor: (p: Proposal) => ApprovalAnswer) {
  const h = memoryHarness();
  h.workspace.put(FILE, ORIGINAL);
  await h.run('Read', { file_path: FILE });
  const proposal = await proposalFor(name === 'Edit' ? EditTool : WriteTool, input);
  const decide: CanUseToolFn = async () => answerFor(proposal);
  return { h, proposal, ...(await h.run(name, input, decide)) };
}

describe('ui/diffReview proposal', () => {
  it('shows an Edit as the whole file before and after, and a Write against an empty new file', async () => {
    const edit = await proposalFor(EditTool, { file_path: 'f.txt', old_string: 'two\n', new_string: 'TWO\n', replace_all: false });
    expect([edit.path, edit.name, edit.before, edit.after]).toEqual([FILE, 'f.txt', ORIGINAL, ORIGINAL.replace('two', 'TWO')]);
    const write = await proposalFor(WriteTool, { file_path: '/proj/new.txt', content: 'a\r\nb\r\n' });
    expect([write.before, write.after, write.editable]).toEqual(['', 'a\nb\n', true]);
    expect(write.inputFor('x\n')).toEqual({ file_path: '/proj/new.txt', content: 'x\n' });
  });

  it('has no proposal for an Edit whose old_string is not in the file, or for other tools', async () => {
    expect(await buildProposal({ tool: EditTool, input: { file_path: FILE, old_string: 'nope', new_string: 'x' } }, '/proj', read({ [FILE]: ORIGINAL }))).toBeUndefined();
    expect(await buildProposal({ tool: { ...WriteTool, name: 'Bash' }, input: { command: 'ls' } }, '/proj', read({}))).toBeUndefined();
  });

  it('shows a NotebookEdit as the cell source; deleting a cell cannot be edited', async () => {
    const nb = JSON.stringify({ cells: [{ cell_type: 'code', id: 'c1', metadata: {}, source: ['x = 1\n', 'y = 2'] }], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    const files = { '/proj/n.ipynb': nb };
    const replace = await buildProposal({ tool: NotebookEditTool, input: { notebook_path: 'n.ipynb', cell_id: 'c1', new_source: 'x = 3', edit_mode: 'replace' } }, '/proj', read(files));
    expect([replace?.before, replace?.after, replace?.name, replace?.editable]).toEqual(['x = 1\ny = 2', 'x = 3', 'n.ipynb [c1]', true]);
    expect(replace?.inputFor('x = 4')).toMatchObject({ new_source: 'x = 4', cell_id: 'c1' });
    const del = await buildProposal({ tool: NotebookEditTool, input: { notebook_path: 'n.ipynb', cell_id: 'c1', new_source: '', edit_mode: 'delete' } }, '/proj', read(files));
    expect([del?.after, del?.editable]).toEqual(['', false]);
  });
});

describe('ui/diffReview outcome, through the real tools', () => {
  const input = { file_path: FILE, old_string: 'two\n', new_string: 'TWO\n', replace_all: false };

  it('an unchanged proposal runs as proposed, with no note', async () => {
    const { h, text } = await runReviewed('Edit', input, (p) => reviewedAnswer(allow, p, p.after));
    expect(h.workspace.raw(FILE)).toBe(ORIGINAL.replace('two', 'TWO'));
    expect(text).not.toContain('modified your proposed changes');
  });

  it('an Edit the user changed writes their text and tells the model, with the final diff', async () => {
    const { h, text, outcome } = await runReviewed('Edit', input, (p) => reviewedAnswer(allow, p, p.after.replace('six', 'SIX by hand')));
    expect(outcome.stage).toBe('success');
    expect(h.workspace.raw(FILE)).toBe(ORIGINAL.replace('two', 'TWO').replace('six', 'SIX by hand'));
    expect(text).toContain(`The file ${FILE} has been updated.`);
    expect(text).toContain('The user modified your proposed changes before accepting them.');
    expect(text).toContain('-six\n+SIX by hand');
    // A rewrite that overlaps the proposed hunk counts as the user's change of it.
    const output = (await runReviewed('Edit', input, (p) => reviewedAnswer(allow, p, 'one\n'))).text;
    expect(output).toContain('changed 1');
  });

  it('a Write the user changed writes their text', async () => {
    const { h, text } = await runReviewed('Write', { file_path: FILE, content: 'new\ncontent\n' }, (p) => reviewedAnswer(allow, p, 'new\nmine\n'));
    expect(h.workspace.raw(FILE)).toBe('new\nmine\n');
    expect(text).toContain('-content\n+mine');
  });

  it('still refuses when the file changed behind the review', async () => {
    const h = memoryHarness();
    h.workspace.put(FILE, ORIGINAL);
    await h.run('Read', { file_path: FILE });
    const proposal = await proposalFor(EditTool, input);
    const decide: CanUseToolFn = async () => {
      h.workspace.put(FILE, `${ORIGINAL}typed meanwhile\n`);
      return reviewedAnswer(allow, proposal, proposal.after.replace('six', 'SIX'));
    };
    const { text } = await h.run('Edit', input, decide);
    expect(text).toContain('File has been modified since read');
    expect(h.workspace.raw(FILE)).toBe(`${ORIGINAL}typed meanwhile\n`);
  });

  it('accepting with every hunk rejected changes nothing and says so; a deny stays a deny', async () => {
    const { h, text } = await runReviewed('Edit', input, (p) => reviewedAnswer(allow, p, p.before));
    expect(h.workspace.raw(FILE)).toBe(ORIGINAL);
    expect(text).toContain(`The user rejected every change you proposed to ${FILE}`);
    const deny: ApprovalAnswer = { behavior: 'deny', message: 'no', decisionReason: { type: 'other', reason: 'x' } };
    const proposal = await proposalFor(EditTool, input);
    expect(reviewedAnswer(deny, proposal, 'anything')).toBe(deny);
  });

  it('the model cannot set the hidden reviewed content itself', async () => {
    const h = memoryHarness();
    h.workspace.put(FILE, ORIGINAL);
    await h.run('Read', { file_path: FILE });
    const { outcome } = await h.run('Edit', { ...input, reviewedContent: 'smuggled' });
    expect(outcome.stage).toBe('invalid_input');
    expect(h.workspace.raw(FILE)).toBe(ORIGINAL);
  });
});
