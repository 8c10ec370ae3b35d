/**
 * auto mode's dialog racing the classifier (core/engines/tools/classifierRace.ts, seed `pendingClassifierCheck`): a
 * quick classifier decides before any dialog; a slow one lets the dialog show, and its allow withdraws the
 * dialog; its block leaves the answer to the user; Stop still withdraws the dialog.
 */
import { describe, expect, it } from 'vitest';
import { createPermissionEngine, type ClassifierVerdict } from '../../../extension/core/engines/permissions/engine';
import { createCanUseTool } from '../../../extension/core/engines/tools/permissionGate';
import type { ApprovalAnswer, AskUser, PermissionPrompt } from '../../../extension/core/contracts/permissionPrompts';
import { assistantWith, toolUse } from '../tool/fixtures';
import { contextWith, fakeTool } from './support';

const shell = fakeTool('Shell');

/** A classifier whose verdict the test hands over when it likes. */
function manualClassifier() {
  let give: (v: ClassifierVerdict) => void = () => undefined;
  let calls = 0;
  return {
    classifier: () => {
      calls++;
      return new Promise<ClassifierVerdict>((resolve) => (give = resolve));
    },
    answer: (v: ClassifierVerdict) => give(v),
    calls: () => calls,
  };
}

/** A dialog that stays up until the user answers or its context's signal withdraws it. */
function dialog() {
  const shown: PermissionPrompt[] = [];
  const withdrawn: string[] = [];
  let answer: (a: ApprovalAnswer) => void = () => undefined;
  const askUser: AskUser = (prompt, context) => {
    shown.push(prompt);
    return new Promise<ApprovalAnswer>((resolve) => {
      answer = resolve;
      context.abortController.signal.addEventListener('abort', () => {
        withdrawn.push(prompt.toolUseId);
        resolve({ behavior: 'deny', message: 'Interrupted by user', decisionReason: { type: 'other', reason: 'withdrawn' } });
      });
    });
  };
  return { askUser, shown, withdrawn, answer: (a: ApprovalAnswer) => answer(a) };
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
};

function setup(showAfterMs: number) {
  const judge = manualClassifier();
  const ui = dialog();
  const canUseTool = createCanUseTool(createPermissionEngine({ classifier: judge.classifier, classifierDialogAfterMs: showAfterMs }), ui.askUser);
  const context = contextWith([shell], { mode: 'auto' });
  const block = toolUse('Shell', { arg: 'x' });
  const decide = () => canUseTool(shell, { arg: 'x' }, context, assistantWith(block), block.id);
  return { judge, ui, context, block, decide };
}

describe('auto mode: the dialog and a slow classifier', () => {
  it('uses a quick verdict without showing a dialog', async () => {
    const s = setup(10_000);
    const decision = s.decide();
    await until(() => s.judge.calls() === 1);
    s.judge.answer({ allow: true, reason: 'reads the docs' });
    expect(await decision).toMatchObject({ behavior: 'allow', decisionReason: { type: 'classifier', reason: 'reads the docs' } });
    expect(s.ui.shown).toEqual([]);
  });

  it('shows the dialog while the classifier is slow, saying it is still checking; its allow withdraws the dialog and runs the call', async () => {
    const s = setup(20);
    const decision = s.decide();
    await until(() => s.ui.shown.length === 1);
    expect(s.ui.shown[0]!.message).toContain('The auto-mode classifier is still checking this Shell call');
    expect(s.ui.shown[0]!.decisionReason).toMatchObject({ type: 'classifier', reason: 'still checking this call' });
    s.judge.answer({ allow: true, reason: 'runs the tests' });
    expect(await decision).toMatchObject({ behavior: 'allow', decisionReason: { type: 'classifier', reason: 'runs the tests' } });
    expect(s.ui.withdrawn).toEqual([s.block.id]);
    expect(s.context.toolDecisions.get(s.block.id)).toMatchObject({ decision: 'allow', source: 'config' });
  });

  it("leaves a slow classifier's block to the user, whose answer counts", async () => {
    const s = setup(20);
    const decision = s.decide();
    await until(() => s.ui.shown.length === 1);
    s.judge.answer({ allow: false, reason: 'pushes to main' });
    await new Promise((r) => setTimeout(r, 30));
    expect(s.ui.withdrawn).toEqual([]);
    s.ui.answer({ behavior: 'deny', message: 'No.', decisionReason: { type: 'other', reason: 'user' } });
    expect(await decision).toMatchObject({ behavior: 'deny', message: 'No.' });
    expect(s.context.toolDecisions.get(s.block.id)).toMatchObject({ decision: 'deny', source: 'user' });
  });

  it('keeps what the user answered before the classifier, even when it later allows', async () => {
    const s = setup(20);
    const decision = s.decide();
    await until(() => s.ui.shown.length === 1);
    s.ui.answer({ behavior: 'deny', message: 'Not now.', decisionReason: { type: 'other', reason: 'user' } });
    expect(await decision).toMatchObject({ behavior: 'deny', message: 'Not now.' });
    s.judge.answer({ allow: true, reason: 'fine' });
    await new Promise((r) => setTimeout(r, 10));
    expect(s.context.toolDecisions.get(s.block.id)).toMatchObject({ decision: 'deny', source: 'user' });
  });

  it('withdraws the dialog on Stop while the classifier is still out', async () => {
    const s = setup(20);
    const decision = s.decide();
    await until(() => s.ui.shown.length === 1);
    s.context.abortController.abort();
    expect(await decision).toMatchObject({ behavior: 'deny', message: 'Interrupted by user' });
    expect(s.ui.withdrawn).toEqual([s.block.id]);
  });
});
