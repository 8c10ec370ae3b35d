/**
 * The Bash tool's permission check. Order:
 * 1. A deny rule matching any part denies the whole command (also for unparseable commands, matched
 *    against the raw text, so a parse failure never dodges a deny rule).
 * 2. An unparseable command asks (`safetyCheck: could not parse the command`). No allow rule gets past
 *    it; `bypassPermissions` runs it unless its text names a protected path (concern `protectedPath`).
 * 3. `dangerouslyDisableSandbox` asks (`sandboxOverride`).
 * 4. Dangers (writes, sudo, rm -rf of broad paths, curl | sh, eval, cd outside the workspace, protected
 *    paths) ask with `safetyCheck` and the strongest danger's `concern`: no allow rule gets past them;
 *    the modes table (modes.ts) says which modes do. A command made only of read-only parts and
 *    filesystem commands whose writes all land inside the workspace has concern `workspaceWrite` and
 *    suggests `setMode acceptEdits`, so acceptEdits runs it.
 * 5. An ask rule matching any part asks (`rule`).
 * 6. Every part allowed by an allow rule or read-only: allow.
 * 7. Otherwise passthrough, with "always allow" prefix suggestions for the parts not yet allowed, so the
 *    engine applies the mode (`dontAsk` denies, `default` asks); when every such part is a filesystem
 *    command inside the workspace, also `setMode acceptEdits` (acceptEdits runs it).
 * A command of several parts carries `subcommandResults` in steps 6 and 7.
 */
import { BASH_TOOL_NAME } from '../../../contracts/toolNames';
import { describePermissionRuleSource } from '../describe';
import { permissionRuleValueToString } from '../ruleValue';
import { RULE_FAMILIES } from '../ruleFamilies';
import { ruleContentsForTool } from '../rules';
import type { PermissionResult, PermissionRule, PermissionUpdate, SafetyConcern, ToolPermissionContext } from '../../../contracts/permissions';
import { analyzeBashCommand, type BashPartAnalysis } from './analyze';
import { bashRuleMatches, findMatchingRule, normalizeCommandText, suggestRuleContent } from './bashRules';
import { mentionsProtectedPath } from './fsCommands';
import type { BashEnv } from './paths';
import type { ShellParser } from './syntax';

const MAX_SUGGESTIONS = 5;

function ruleText(rule: PermissionRule): string {
  return `${permissionRuleValueToString(rule.ruleValue)} from ${describePermissionRuleSource(rule.source)}`;
}

function denied(rule: PermissionRule, part: string): PermissionResult {
  return {
    behavior: 'deny',
    message: `Permission to run \`${part}\` is denied by the rule ${ruleText(rule)}. Do not retry it; ask the user or do something else.`,
    decisionReason: { type: 'rule', rule },
  };
}

const READ_ONLY_REASON = { type: 'other', reason: 'read-only command' } as const;
/** The suggestion that tells the engine acceptEdits covers this command (modes.ts, `acceptEditsCovers`). */
const ACCEPT_EDITS: PermissionUpdate = { type: 'setMode', mode: 'acceptEdits', destination: 'session' };
/** Strongest first: the concern of a command is that of its strongest warning. */
const CONCERN_ORDER: readonly SafetyConcern[] = ['protectedPath', 'commandWarning', 'outsideWorkspace', 'workspaceWrite'];

function suggestionsFor(parts: readonly BashPartAnalysis[]): PermissionUpdate[] {
  const contents: string[] = [];
  for (const p of parts) {
    if (p.dangers.length > 0) continue;
    const content = suggestRuleContent(p.command);
    if (content !== undefined && !contents.includes(content)) contents.push(content);
    if (contents.length >= MAX_SUGGESTIONS) break;
  }
  return contents.map((ruleContent) => ({
    type: 'addRules',
    rules: [{ toolName: RULE_FAMILIES.bash, ruleContent }],
    behavior: 'allow',
    destination: 'localSettings',
  }));
}

type RuleContents = ReturnType<typeof ruleContentsForTool>;
type ParsedAnalysis = Extract<ReturnType<typeof analyzeBashCommand>, { ok: true }>;

/**
 * Decides whether a Bash command may run. `permissionContext` supplies the `Bash(...)` rules; `env`
 * places paths (working directory, workspace roots, home). Additional working directories of the
 * context count as inside the workspace. Every result carries a `decisionReason`.
 */
export function checkBashPermissions(
  parser: ShellParser | undefined,
  command: string,
  permissionContext: ToolPermissionContext,
  env: BashEnv,
  opts: { dangerouslyDisableSandbox?: boolean } = {},
): PermissionResult {
  const deny = ruleContentsForTool(permissionContext, RULE_FAMILIES.bash, 'deny');
  const ask = ruleContentsForTool(permissionContext, RULE_FAMILIES.bash, 'ask');
  const allow = ruleContentsForTool(permissionContext, RULE_FAMILIES.bash, 'allow');
  const extraRoots = [...permissionContext.additionalWorkingDirectories.keys()];
  const analysis = analyzeBashCommand(parser, command, env, extraRoots);

  if (!analysis.ok) return unparsedResult(command, analysis.reason, deny, env, opts);
  // Steps 1, 3 and 4 (the order of the file comment), then 5 to 7.
  const gated = denyOrSafetyResult(analysis, deny, opts);
  if (gated) return gated;
  return rulesResult(analysis.parts, ask, allow);
}

/** Steps 1 and 2 for a command that could not be parsed: deny rules on the raw text, then always ask. */
function unparsedResult(command: string, reason: string, deny: RuleContents, env: BashEnv, opts: { dangerouslyDisableSandbox?: boolean }): PermissionResult {
  const text = normalizeCommandText(command);
  for (const [content, rule] of deny) if (bashRuleMatches(content, text)) return denied(rule, text);
  if (opts.dangerouslyDisableSandbox) {
    return { behavior: 'ask', message: 'The command asks to run outside the sandbox, and it could not be parsed.', decisionReason: { type: 'sandboxOverride' } };
  }
  return {
    behavior: 'ask',
    message: 'This command could not be parsed, so its parts could not be checked. Approve it only if you understand it.',
    // No allow rule runs what could not be checked; bypassPermissions does (as Claude Code), unless the
    // text names a protected path: the one check that still works on what can be seen.
    decisionReason: { type: 'safetyCheck', reason, concern: mentionsProtectedPath(command, env) ? 'protectedPath' : 'commandWarning' },
  };
}

/** Steps 1, 3 and 4 for a parsed command: a deny rule on any part, the sandbox override, then dangers. */
function denyOrSafetyResult(
  { parts, warnings, concerns }: ParsedAnalysis,
  deny: RuleContents,
  opts: { dangerouslyDisableSandbox?: boolean },
): PermissionResult | undefined {
  for (const p of parts) {
    const rule = findMatchingRule(p.command, deny, 'deny');
    if (rule) return denied(rule, p.command.text);
  }
  const warningText = warnings.map((w) => `- ${w}`).join('\n');
  if (opts.dangerouslyDisableSandbox) {
    return {
      behavior: 'ask',
      message: `The command asks to run outside the sandbox.${warnings.length ? `\n${warningText}` : ''}`,
      decisionReason: { type: 'sandboxOverride', reason: 'dangerouslyDisableSandbox was set' },
    };
  }
  if (warnings.length > 0) {
    const concern = commandConcern(parts, warnings, concerns);
    return {
      behavior: 'ask',
      message: `This command needs your approval:\n${warningText}`,
      decisionReason: { type: 'safetyCheck', reason: warnings.join('; '), concern },
      ...(concern === 'workspaceWrite' ? { suggestions: [ACCEPT_EDITS] } : {}),
    };
  }
  return undefined;
}

/**
 * The strongest concern of the warnings. Writes inside the workspace stay `workspaceWrite` only when every
 * part only reads or is a filesystem command inside the workspace: `npm test > out.txt` runs more than a
 * file change, so acceptEdits must not cover it (`commandWarning`).
 */
function commandConcern(parts: readonly BashPartAnalysis[], warnings: readonly string[], concerns: ReadonlyMap<string, SafetyConcern>): SafetyConcern {
  const found = new Set(warnings.map((w) => concerns.get(w) ?? 'protectedPath'));
  const strongest = CONCERN_ORDER.find((c) => found.has(c)) ?? 'protectedPath';
  if (strongest !== 'workspaceWrite') return strongest;
  return parts.every((p) => p.readOnly || p.workspaceEdit) ? 'workspaceWrite' : 'commandWarning';
}

interface PartVerdicts {
  results: Map<string, PermissionResult>;
  /** The first ask rule matching a part. */
  askRule: PermissionRule | undefined;
  /** Parts no rule allows and that are not read-only. */
  pending: BashPartAnalysis[];
}

/** Each part's own answer: an ask rule first, then an allow rule, then read-only, else pending. */
function partVerdicts(parts: readonly BashPartAnalysis[], ask: RuleContents, allow: RuleContents): PartVerdicts {
  const results = new Map<string, PermissionResult>();
  let askRule: PermissionRule | undefined;
  const pending: BashPartAnalysis[] = [];
  for (const p of parts) {
    const text = p.command.text;
    const asked = findMatchingRule(p.command, ask, 'ask');
    const allowed = asked ? undefined : findMatchingRule(p.command, allow, 'allow');
    if (asked) {
      askRule ??= asked;
      results.set(text, { behavior: 'ask', message: `\`${text}\` needs approval: ${ruleText(asked)}`, decisionReason: { type: 'rule', rule: asked } });
    } else if (allowed) {
      results.set(text, { behavior: 'allow', decisionReason: { type: 'rule', rule: allowed } });
    } else if (p.readOnly) {
      results.set(text, { behavior: 'allow', decisionReason: READ_ONLY_REASON });
    } else {
      pending.push(p);
      results.set(text, { behavior: 'passthrough', message: `\`${text}\` needs approval`, decisionReason: { type: 'other', reason: 'not read-only and no rule allows it' } });
    }
  }
  return { results, askRule, pending };
}

/** Steps 5 to 7: an ask rule on any part asks; all parts allowed allows; otherwise passthrough. */
function rulesResult(parts: readonly BashPartAnalysis[], ask: RuleContents, allow: RuleContents): PermissionResult {
  const { results, askRule, pending } = partVerdicts(parts, ask, allow);
  const single = results.size === 1 ? [...results.values()][0] : undefined;
  const reason = single?.decisionReason ?? { type: 'subcommandResults' as const, reasons: results };

  if (askRule) {
    return { behavior: 'ask', message: `This command needs approval: ${ruleText(askRule)} asks for it.`, decisionReason: { type: 'rule', rule: askRule } };
  }
  if (pending.length === 0) {
    return parts.length === 0 ? { behavior: 'allow', decisionReason: { type: 'other', reason: 'empty command' } } : { behavior: 'allow', decisionReason: reason };
  }
  const suggestions = suggestionsFor(pending);
  if (pending.every((p) => p.workspaceEdit)) suggestions.push(ACCEPT_EDITS);
  const list = pending.map((p) => `\`${p.command.text}\``).join(', ');
  return {
    behavior: 'passthrough',
    message: `${BASH_TOOL_NAME} needs approval to run ${list}`,
    decisionReason: reason,
    // Always present, even empty: no suggestion must not become "always allow every command".
    suggestions,
  };
}
