import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCommandFile } from '../../../../extension/core/loop/commands/promptFile';
import type { Command } from '../../../../extension/core/contracts/commands';
import type { ToolResultBlock } from '../../../../extension/core/base/messages';
import { createPermissionEngine } from '../../../../extension/core/engines/permissions/engine';
import { parseSkillFile } from '../../../../extension/core/loop/skills/skillFile';
import { executeToolUse } from '../../../../extension/core/engines/tools/execute';
import { createCanUseTool } from '../../../../extension/core/engines/tools/permissionGate';
import type { AskUser } from '../../../../extension/core/contracts/permissionPrompts';
import { buildTool } from '../../../../extension/core/contracts/tool';
import { skillRuleMatches } from '../../../../extension/tools/Skill/permissions';
import { SkillTool } from '../../../../extension/tools/Skill/Skill';
import { assistantWith, makeContext, toolUse } from '../../tool/fixtures';

/** A Bash stand-in that echoes its command; the engine asks for it unless a rule allows it. */
function fakeBash() {
  const ran: string[] = [];
  const tool = buildTool({
    name: 'Bash',
    inputSchema: z.strictObject({ command: z.string(), description: z.string().optional() }),
    maxResultSizeChars: 10_000,
    async description() {
      return 'Runs';
    },
    async prompt() {
      return 'Runs a command.';
    },
    checkPermissions: async () => ({ behavior: 'passthrough', message: 'Run it?' }),
    async call({ command }) {
      ran.push(command);
      return { data: `ran: ${command}` };
    },
    mapToolResultToToolResultBlockParam: (o: string, id: string) => ({ type: 'tool_result' as const, tool_use_id: id, content: o }),
  });
  return { tool, ran };
}

const skill = (folder: string, text: string) => {
  const r = parseSkillFile(text, { path: `/skills/${folder}/SKILL.md`, directory: `/skills/${folder}`, folderName: folder, source: 'project' });
  if (!r.ok) throw new Error(r.problem.message);
  return r.skill;
};
const command = (rel: string, text: string) => {
  const r = parseCommandFile(text, { path: `/cmds/${rel}`, relativePath: rel, source: 'user' });
  if (!r.ok) throw new Error(r.problem.message);
  return r.command;
};

const COMMANDS: Command[] = [
  skill('pdf', '---\ndescription: Fill PDF forms\n---\nUse scripts/fill.py for $ARGUMENTS.'),
  skill('status', '---\ndescription: Show status\nallowed-tools: Bash\n---\nStatus:\n!git status'),
  skill('locked', '---\ndescription: Locked\n---\nStatus:\n!git status'),
  command('git/commit.md', '---\ndisable-model-invocation: true\n---\nCommit.'),
  command('review.md', 'Review $1 carefully.'),
];

async function run(input: Record<string, unknown>, opts: { allow?: string[]; deny?: string[]; ask?: AskUser } = {}) {
  const bash = fakeBash();
  const context = makeContext([SkillTool, bash.tool]);
  context.options = { ...context.options, commands: COMMANDS };
  context.setAppState((s) => ({
    ...s,
    toolPermissionContext: { ...s.toolPermissionContext, alwaysAllowRules: { session: opts.allow ?? [] }, alwaysDenyRules: { session: opts.deny ?? [] } },
  }));
  const block = toolUse('Skill', input);
  const canUseTool = createCanUseTool(createPermissionEngine(), opts.ask);
  const outcome = await executeToolUse({ block, assistantMessage: assistantWith(block), context, canUseTool });
  const result = outcome.result as ToolResultBlock;
  return { text: typeof result.content === 'string' ? result.content : JSON.stringify(result.content), outcome, ran: bash.ran, context };
}

describe('tools/Skill', () => {
  it('returns the expanded skill, base directory first, when a Skill(name) rule allows it', async () => {
    const { text, outcome } = await run({ skill: 'pdf', args: 'form.pdf' }, { allow: ['Skill(pdf)'] });
    expect(outcome.stage).toBe('success');
    expect(text).toBe('Launching skill: pdf\n\nBase directory for this skill: /skills/pdf\n\nUse scripts/fill.py for form.pdf.');
  });

  it('finds prompt commands too, with a leading slash and positional arguments', async () => {
    const { text } = await run({ skill: '/review', args: 'src/a.ts' }, { allow: ['Skill'] });
    expect(text).toBe('Launching skill: review\n\nReview src/a.ts carefully.');
  });

  it('runs a skill\'s ! line through the engine, allowed by its allowed-tools, and keeps them for the turn', async () => {
    const { text, ran, outcome, context } = await run({ skill: 'status' }, { allow: ['Skill(status)'] });
    expect(ran).toEqual(['git status']);
    expect(text).toBe('Launching skill: status\n\nBase directory for this skill: /skills/status\n\nStatus:\nran: git status');
    const later = outcome.contextModifier!(context);
    expect(later.getAppState().toolPermissionContext.alwaysAllowRules.command).toEqual(['Bash']);
    expect(context.getAppState().toolPermissionContext.alwaysAllowRules.command).toBeUndefined();
  });

  it('leaves a note instead of running a ! line the engine does not allow', async () => {
    const { text, ran } = await run({ skill: 'locked' }, { allow: ['Skill(locked)'], deny: ['Bash'] });
    expect(ran).toEqual([]);
    expect(text).toMatch(/^Launching skill: locked\n\n.*\nStatus:\n\[! git status: not run — .*denied.*\]$/s);
  });

  it('answers an unknown skill with the names it could load, before asking anything', async () => {
    let asked = 0;
    const { text, outcome } = await run({ skill: 'nope' }, { ask: async () => { asked++; return { behavior: 'allow' }; } });
    expect(outcome.stage).toBe('validation');
    expect(text).toContain('Unknown skill "nope". Available: pdf, status, locked, review.');
    expect(asked).toBe(0);
  });

  it('refuses a command that disables model invocation, saying so', async () => {
    const { text, outcome } = await run({ skill: 'git:commit' }, { allow: ['Skill'] });
    expect(outcome.stage).toBe('validation');
    expect(text).toContain('/git:commit may only be run by the user (disable-model-invocation)');
  });

  it('asks by default, suggesting a rule for this skill, and obeys Skill deny rules', async () => {
    let suggestion: unknown;
    const asked = await run({ skill: 'pdf' }, { ask: async (prompt) => { suggestion = prompt.suggestions; return { behavior: 'deny', message: 'no', decisionReason: { type: 'other', reason: 'user' } }; } });
    expect(asked.outcome.stage).toBe('permission');
    expect(suggestion).toEqual([{ type: 'addRules', rules: [{ toolName: 'Skill', ruleContent: 'pdf' }], behavior: 'allow', destination: 'localSettings' }]);
    const denied = await run({ skill: 'pdf' }, { allow: ['Skill'], deny: ['Skill(pdf)'] });
    expect(denied.outcome.stage).toBe('permission');
    expect(denied.text).toContain('Loading the skill pdf has been denied');
  });

  it('matches Skill rules by name and by prefix', () => {
    expect(skillRuleMatches('git:*', 'git:commit')).toBe(true);
    expect(skillRuleMatches('git:*', 'github')).toBe(false);
    expect(skillRuleMatches('pdf', 'pdf')).toBe(true);
    expect(skillRuleMatches('pdf', 'pdf2')).toBe(false);
  });

  it('says which skill it launches while it runs', () => {
    expect(SkillTool.getActivityDescription({ skill: '/pdf' })).toBe('Launching skill: pdf');
    expect(SkillTool.getToolUseSummary({ skill: 'pdf' })).toBe('pdf');
  });
});
