import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionDecisionReason } from '../../../../extension/core/contracts/permissions';
import { CASES, EXPECTED_CASE_COUNT, type CaseClass, type Decision, type Mode } from './cases';
import { createWorld, type World } from './world';

/** Every mode a session can be in; `auto` runs without a classifier here (then it asks like acceptEdits). */
const MODES: Mode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto'];
type Reason = PermissionDecisionReason['type'];
type Expect = { decision: Decision; reasons?: Reason[] };

const ask = (reasons?: Reason[]): Expect => ({ decision: 'ask', ...(reasons ? { reasons } : {}) });
const allow = (reasons?: Reason[]): Expect => ({ decision: 'allow', ...(reasons ? { reasons } : {}) });
const deny = (reasons: Reason[]): Expect => ({ decision: 'deny', reasons });
const planDeny = deny(['mode']);
const dontAskDeny = deny(['mode']);
const byMode = allow(['mode']);
const safety = ask(['safetyCheck']);

/** What each mode decides for each class of case, and the reason it must give (modes.ts, MODE_TABLE). */
const EXPECTED: Record<CaseClass, Record<Mode, Expect>> = {
  readOnly: { default: allow(), acceptEdits: allow(), plan: allow(), bypassPermissions: allow(), dontAsk: allow(), auto: allow() },
  plain: { default: ask(), acceptEdits: ask(), plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: ask() },
  workspaceCommand: { default: ask(), acceptEdits: byMode, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: byMode },
  workspaceWrite: { default: safety, acceptEdits: byMode, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: byMode },
  danger: { default: safety, acceptEdits: safety, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: safety },
  protectedCommand: { default: safety, acceptEdits: safety, plan: planDeny, bypassPermissions: safety, dontAsk: dontAskDeny, auto: safety },
  unparseable: { default: safety, acceptEdits: safety, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: safety },
  denied: { default: deny(['rule']), acceptEdits: deny(['rule']), plan: deny(['rule']), bypassPermissions: deny(['rule']), dontAsk: deny(['rule']), auto: deny(['rule']) },
  allowedByRule: {
    default: allow(['rule', 'subcommandResults']),
    acceptEdits: allow(['rule', 'subcommandResults']),
    plan: planDeny,
    bypassPermissions: allow(['mode', 'rule', 'subcommandResults']),
    dontAsk: allow(['rule', 'subcommandResults']),
    auto: allow(['rule', 'subcommandResults']),
  },
  askRule: {
    default: ask(['rule', 'subcommandResults']),
    acceptEdits: ask(['rule', 'subcommandResults']),
    plan: planDeny,
    bypassPermissions: ask(['rule', 'subcommandResults']),
    dontAsk: dontAskDeny,
    auto: ask(['rule', 'subcommandResults']),
  },
  edit: { default: ask(), acceptEdits: byMode, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: byMode },
  protectedEdit: { default: safety, acceptEdits: safety, plan: planDeny, bypassPermissions: safety, dontAsk: dontAskDeny, auto: safety },
  outsideEdit: { default: safety, acceptEdits: safety, plan: planDeny, bypassPermissions: byMode, dontAsk: dontAskDeny, auto: safety },
  read: { default: allow(), acceptEdits: allow(), plan: allow(), bypassPermissions: allow(), dontAsk: allow(), auto: allow() },
  outsideRead: { default: ask(), acceptEdits: ask(), plan: ask(), bypassPermissions: byMode, dontAsk: dontAskDeny, auto: ask() },
};

let world: World;
const ran = new Map<Mode, number>();

beforeAll(async () => {
  world = await createWorld();
});

afterAll(() => {
  world.dispose();
  const perMode = MODES.map((m) => `${m} ${ran.get(m) ?? 0}`).join(', ');
  const total = [...ran.values()].reduce((a, b) => a + b, 0);
  console.log(`permission corpus: ${CASES.length} cases × ${MODES.length} modes = ${total} decisions checked (${perMode})`);
});

describe(`permission corpus (${CASES.length} cases × ${MODES.length} modes)`, () => {
  it(`has exactly ${EXPECTED_CASE_COUNT} cases, every class represented (so none vanish silently)`, () => {
    expect(CASES.length).toBe(EXPECTED_CASE_COUNT);
    for (const cls of Object.keys(EXPECTED) as CaseClass[]) expect(CASES.filter((c) => c.class === cls).length, cls).toBeGreaterThan(0);
  });

  for (const mode of MODES) {
    describe(`${mode} (${CASES.length} cases)`, () => {
      it.each(CASES.map((c) => [`${c.tool} ${JSON.stringify(c.subject)} [${c.class}]`, c] as const))('%s', async (_name, c) => {
        const result = await world.decide(c, mode);
        const want = EXPECTED[c.class][mode];
        const got = result.behavior === 'passthrough' ? 'ask' : result.behavior;
        ran.set(mode, (ran.get(mode) ?? 0) + 1);
        expect({ decision: got, reason: result.decisionReason?.type, message: 'message' in result ? result.message : '' }).toMatchObject({ decision: want.decision });
        expect(result.decisionReason, 'every decision carries its reason').toBeDefined();
        if (want.reasons) expect(want.reasons).toContain(result.decisionReason?.type);
        if (got === 'deny') expect((result as { message: string }).message.length).toBeGreaterThan(10);
        if (c.warning && got === 'ask') expect((result as { message: string }).message).toMatch(c.warning);
      });
    });
  }

  // Runs after every case above (vitest runs a file's tests in order): no case was skipped or lost.
  it('decided every case in every mode', () => {
    for (const mode of MODES) expect(ran.get(mode), mode).toBe(CASES.length);
  });
});
