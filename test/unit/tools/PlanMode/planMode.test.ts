/**
 * Plan mode end to end through the executor and the real permission engine (docs/ARCHITECTURE.md, Plan
 * mode): EnterPlanMode switches the mode the very next call sees, the engine refuses what is not read-only
 * with a reason that names ExitPlanMode, and ExitPlanMode's answer switches the mode or keeps planning.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResultText } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import type { PermissionMode } from '../../../../extension/core/contracts/permissions';
import type { PlanApprovalPort, PlanApprovalRequest, PlanApprovalResponse } from '../../../../extension/core/contracts/planApproval';
import type { ToolUseContext } from '../../../../extension/core/contracts/toolUseContext';
import { runToolUses } from '../../../../extension/core/engines/tools/orchestrate';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import type { Tools } from '../../../../extension/core/contracts/tool';
import { asAgentId } from '../../../../extension/core/base/ids';
import { createMailbox } from '../../../../extension/core/contracts/mailbox';
import { loadBashParser } from '../../../../extension/host/node/bashParser';
import { NodeShell } from '../../../../extension/host/node/shell/nodeShell';
import { getAllBaseTools } from '../../../../extension/tools/tools';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';

/** Answers with what the test scripts and records each request; honours the abort signal. */
class FakePlans implements PlanApprovalPort {
  readonly asked: PlanApprovalRequest[] = [];
  constructor(private readonly scripted?: PlanApprovalResponse) {}
  approve(request: PlanApprovalRequest, signal: AbortSignal): Promise<PlanApprovalResponse> {
    this.asked.push(request);
    if (this.scripted) return Promise.resolve(this.scripted);
    return new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), { once: true });
    });
  }
}

let tools: Tools;
const shell = new NodeShell({ killGraceMs: 300, pollMs: 20 });
beforeAll(async () => {
  tools = getAllBaseTools({ shellParser: await loadBashParser() });
});
afterAll(async () => {
  await shell.dispose();
});

function contextWith(opts: { plans?: PlanApprovalPort; mode?: PermissionMode; agent?: boolean } = {}): ToolUseContext {
  const base = makeContext(tools, opts.agent ? { agentId: asAgentId('agent-sub') } : {});
  if (opts.mode) base.setAppState((s) => ({ ...s, toolPermissionContext: { ...s.toolPermissionContext, mode: opts.mode! } }));
  return { ...base, ports: { ...base.ports, shell, ...(opts.plans ? { planApproval: opts.plans } : {}) } };
}

const canUseTool = createCanUseTool(createPermissionEngine());

/** Runs one assistant message's calls; returns each result's text and error flag, in order. */
async function turn(context: ToolUseContext, ...calls: [string, unknown][]) {
  const blocks = calls.map(([name, input]) => toolUse(name, input));
  const { message } = await runToolUses({ assistantMessage: assistantWith(...blocks), context, canUseTool });
  const results = typeof message.content === 'string' ? [] : message.content.filter((b) => b.type === 'tool_result');
  expect(results).toHaveLength(calls.length);
  return results.map((r) => ({ text: toolResultText(r.content), isError: r.is_error === true }));
}

const mode = (context: ToolUseContext) => context.getAppState().toolPermissionContext.mode;

describe('plan mode in the engine', () => {
  it('refuses Edit, Write and a Bash command that changes something, telling the model to finish the plan with ExitPlanMode', async () => {
    const context = contextWith({ plans: new FakePlans(), mode: 'plan' });
    const file = path.join(context.cwd, 'a.txt');
    writeFileSync(file, 'one\n');
    const [read, edit, write, bash] = await turn(
      context,
      ['Read', { file_path: file }],
      ['Edit', { file_path: file, old_string: 'one', new_string: 'two' }],
      ['Write', { file_path: path.join(context.cwd, 'b.txt'), content: 'x' }],
      ['Bash', { command: 'rm a.txt' }],
    );
    expect(read).toMatchObject({ isError: false, text: expect.stringContaining('one') });
    for (const [name, r] of [['Edit', edit], ['Write', write], ['Bash', bash]] as const) {
      expect(r?.isError).toBe(true);
      expect(r?.text).toContain(`Plan mode is on: ${name} would change something`);
      expect(r?.text).toContain('call ExitPlanMode');
    }
  });

  it("runs what changes only the session's own bookkeeping, and refuses SendMessage, whose recipient would act on it", async () => {
    const context = contextWith({ plans: new FakePlans(), mode: 'plan' });
    const mailbox = createMailbox();
    const helper = mailbox.register({ agentId: asAgentId('agent-helper'), name: 'helper' });
    const planning = { ...context, mailbox };
    // Loaded as ToolSearch would, in case the tool is deferred.
    planning.discoveredToolNames.add('SendMessage');
    const [todos, created, updated, sent] = await turn(
      planning,
      ['TodoWrite', { todos: [{ content: 'Read the code', status: 'in_progress', activeForm: 'Reading the code' }] }],
      ['TaskCreate', { subject: 'Design the change', description: 'How a.ts changes' }],
      ['TaskUpdate', { taskId: '1', status: 'in_progress' }],
      ['SendMessage', { to: 'helper', message: 'Please edit a.ts now' }],
    );
    for (const r of [todos, created, updated]) expect(r?.isError).toBe(false);
    expect(sent).toMatchObject({ isError: true, text: expect.stringContaining('Plan mode is on: SendMessage would change something') });
    expect(helper.take()).toEqual([]);
    expect(context.getAppState().workList.items['1']).toMatchObject({ status: 'in_progress' });
    expect(mode(context)).toBe('plan');
  });

  it('lets read-only tools and a read-only Bash command run', async () => {
    const context = contextWith({ plans: new FakePlans(), mode: 'plan' });
    writeFileSync(path.join(context.cwd, 'notes.md'), 'hello plan\n');
    const [glob, bash] = await turn(context, ['Glob', { pattern: '*.md' }], ['Bash', { command: 'cat notes.md' }]);
    expect(glob).toMatchObject({ isError: false, text: expect.stringContaining('notes.md') });
    expect(bash).toMatchObject({ isError: false, text: expect.stringContaining('hello plan') });
  });
});

describe('EnterPlanMode', () => {
  it('switches to plan mode for the next call of the same message and remembers the mode it left', async () => {
    const context = contextWith({ plans: new FakePlans(), mode: 'acceptEdits' });
    const [entered, write] = await turn(context, ['EnterPlanMode', {}], ['Write', { file_path: path.join(context.cwd, 'c.txt'), content: 'x' }]);
    expect(entered).toMatchObject({ isError: false, text: expect.stringContaining('Plan mode is on (it was acceptEdits)') });
    expect(write).toMatchObject({ isError: true, text: expect.stringContaining('Plan mode is on: Write') });
    expect(context.getAppState().toolPermissionContext).toMatchObject({ mode: 'plan', prePlanMode: 'acceptEdits' });
  });

  it('says so when plan mode is already on, inside a sub-agent, and where nobody could approve a plan', async () => {
    const [again] = await turn(contextWith({ plans: new FakePlans(), mode: 'plan' }), ['EnterPlanMode', {}]);
    expect(again).toMatchObject({ isError: true, text: expect.stringContaining('Plan mode is already on') });
    const sub = contextWith({ plans: new FakePlans(), agent: true });
    const [inAgent] = await turn(sub, ['EnterPlanMode', {}]);
    expect(inAgent).toMatchObject({ isError: true, text: expect.stringContaining('not available inside a sub-agent') });
    expect(mode(sub)).toBe('default');
    const [headless] = await turn(contextWith(), ['EnterPlanMode', {}]);
    expect(headless).toMatchObject({ isError: true, text: expect.stringContaining('nobody could approve the plan') });
  });

  it('rejects input it does not take', async () => {
    const [r] = await turn(contextWith({ plans: new FakePlans() }), ['EnterPlanMode', { plan: 'x' }]);
    expect(r?.isError).toBe(true);
  });
});

describe('ExitPlanMode', () => {
  const plan = '# Plan\n\n1. Change `a.ts`\n2. Test it';

  it('on approval switches to the chosen mode and tells the model to start; the next call runs under it', async () => {
    const plans = new FakePlans({ kind: 'approved', mode: 'acceptEdits' });
    const context = contextWith({ plans });
    const file = path.join(context.cwd, 'd.txt');
    const [, exit, write] = await turn(context, ['EnterPlanMode', {}], ['ExitPlanMode', { plan }], ['Write', { file_path: file, content: 'done' }]);
    expect(plans.asked).toEqual([{ plan, suggestedMode: 'default' }]);
    expect(exit).toMatchObject({ isError: false, text: expect.stringContaining('The user approved your plan') });
    expect(exit?.text).toContain('Accept edits');
    expect(write).toMatchObject({ isError: false });
    expect(context.getAppState().toolPermissionContext.mode).toBe('acceptEdits');
    expect(context.getAppState().toolPermissionContext.prePlanMode).toBeUndefined();
  });

  it('keeps plan mode and hands the feedback to the model when the user keeps planning', async () => {
    const context = contextWith({ plans: new FakePlans({ kind: 'keepPlanning', feedback: 'Use the existing cache instead.' }), mode: 'plan' });
    const [exit] = await turn(context, ['ExitPlanMode', { plan }]);
    expect(exit).toMatchObject({ isError: false, text: expect.stringContaining('plan mode stays on') });
    expect(exit?.text).toContain('Use the existing cache instead.');
    expect(mode(context)).toBe('plan');
  });

  it('offers acceptEdits first when plan mode was entered from it', async () => {
    const plans = new FakePlans({ kind: 'approved', mode: 'default' });
    const context = contextWith({ plans, mode: 'acceptEdits' });
    await turn(context, ['EnterPlanMode', {}], ['ExitPlanMode', { plan }]);
    expect(plans.asked[0]?.suggestedMode).toBe('acceptEdits');
    expect(mode(context)).toBe('default');
  });

  it('reads the session plan file when called without a plan, and says where it came from', async () => {
    const plans = new FakePlans({ kind: 'approved', mode: 'default' });
    const context = contextWith({ plans, mode: 'plan' });
    await context.ports.storage.writeText('plan.md', '# From the file\n');
    const [exit] = await turn(context, ['ExitPlanMode', {}]);
    expect(plans.asked[0]).toMatchObject({ plan: '# From the file', planFilePath: path.join(context.ports.storage.dir, 'plan.md') });
    expect(exit?.text).toContain('# From the file');
  });

  it('errors outside plan mode, without a plan or plan file, in a sub-agent and without anyone to approve', async () => {
    const [outside] = await turn(contextWith({ plans: new FakePlans() }), ['ExitPlanMode', { plan }]);
    expect(outside).toMatchObject({ isError: true, text: expect.stringContaining('Plan mode is not on') });
    const [noPlan] = await turn(contextWith({ plans: new FakePlans(), mode: 'plan' }), ['ExitPlanMode', { plan: '  ' }]);
    expect(noPlan).toMatchObject({ isError: true, text: expect.stringContaining('pass the whole plan as markdown in `plan`') });
    const [sub] = await turn(contextWith({ plans: new FakePlans(), mode: 'plan', agent: true }), ['ExitPlanMode', { plan }]);
    expect(sub).toMatchObject({ isError: true, text: expect.stringContaining('not available inside a sub-agent') });
    const headless = contextWith({ mode: 'plan' });
    const [nobody] = await turn(headless, ['ExitPlanMode', { plan }]);
    expect(nobody).toMatchObject({ isError: true, text: expect.stringContaining('Nobody can approve the plan here') });
    expect(mode(headless)).toBe('plan');
  });

  it('is reported as interrupted when Stop withdraws the plan', async () => {
    const context = contextWith({ plans: new FakePlans(), mode: 'plan' });
    const running = turn(context, ['ExitPlanMode', { plan }]);
    setTimeout(() => context.abortController.abort(), 10);
    const [r] = await running;
    expect(r?.isError).toBe(true);
    expect(r?.text).toMatch(/interrupt/i);
    expect(mode(context)).toBe('plan');
  });
});
