/**
 * The data of the command panels, built in core as plain objects shaped like protocol/panels.ts's views (the
 * chat validates them against those schemas before posting), and their text form for the CLI.
 */
import { estimateTokens } from '../../query/tokens';
import type { AgentDefinition } from '../../../contracts/agents';
import type { TextBlock } from '../../../base/messages';
import { SETTINGS_FILE_DESTINATIONS } from '../../../engines/permissions/updates';
import type { PermissionBehavior, PermissionRuleSource, ToolPermissionContext } from '../../../contracts/permissions';
import type { ContextSnapshot, PanelSource } from '../host';

export interface PermissionRuleView {
  source: PanelSource;
  behavior: PermissionBehavior;
  rule: string;
  editable: boolean;
}

const BEHAVIORS: readonly PermissionBehavior[] = ['allow', 'deny', 'ask'];
const RULE_KEY = { allow: 'alwaysAllowRules', deny: 'alwaysDenyRules', ask: 'alwaysAskRules' } as const;
/** Sources a panel shows, in precedence order; `command` rules last only for one turn and are not listed. */
const SHOWN_SOURCES: readonly (PermissionRuleSource & PanelSource)[] = ['userSettings', 'projectSettings', 'localSettings', 'vscodeSettings', 'session', 'cliArg'];

/** The settings files and the session; VS Code settings and command-line rules are changed where they are set. */
const EDITABLE = new Set<string>([...SETTINGS_FILE_DESTINATIONS, 'session']);

/** Every rule of the context, by source then behaviour; settings files and the session are editable. */
export function permissionRules(ctx: ToolPermissionContext): PermissionRuleView[] {
  const rules: PermissionRuleView[] = [];
  for (const source of SHOWN_SOURCES) {
    for (const behavior of BEHAVIORS) {
      for (const rule of ctx[RULE_KEY[behavior]][source] ?? []) {
        rules.push({ source, behavior, rule, editable: EDITABLE.has(source) });
      }
    }
  }
  return rules;
}

export function permissionsText(ctx: ToolPermissionContext): string {
  const rules = permissionRules(ctx);
  const lines = rules.map((r) => `- ${r.behavior} ${r.rule} (${r.source})`);
  return `Permission mode: ${ctx.mode}\n\n${lines.length ? lines.join('\n') : 'No permission rules.'}`;
}

export interface ContextPart {
  label: string;
  tokens: number;
}

/** Which system block is what: memory files and skills are blocks of their own, found by their heading. */
function blockKind(block: TextBlock): 'memory' | 'skills' | 'system' {
  if (/^# Memory files\b/.test(block.text)) return 'memory';
  if (/^#+ Skills\b/i.test(block.text) || block.text.includes('<available_skills>')) return 'skills';
  return 'system';
}

/** What fills the context window by part, in estimated tokens (core/loop/query/tokens.ts). */
export function contextParts(snapshot: ContextSnapshot): ContextPart[] {
  const of = (kind: ReturnType<typeof blockKind>) => estimateTokens([], snapshot.system.filter((b) => blockKind(b) === kind));
  return [
    { label: 'System prompt', tokens: of('system') },
    { label: 'Tool definitions', tokens: estimateTokens([], [], snapshot.tools) },
    { label: 'Memory files', tokens: of('memory') },
    { label: 'Skills', tokens: of('skills') },
    { label: 'Messages', tokens: estimateTokens(snapshot.messages) },
  ];
}

/**
 * The one figure for how full the context is: what the API measured on the last request when there was one (the
 * chat's header and usage line show the same), else the parts' estimate.
 */
export function contextUsed(snapshot: ContextSnapshot, parts: readonly ContextPart[] = contextParts(snapshot)): number {
  return snapshot.measuredTokens ?? parts.reduce((sum, p) => sum + p.tokens, 0);
}

export function contextText(snapshot: ContextSnapshot): string {
  const parts = contextParts(snapshot);
  const used = contextUsed(snapshot, parts);
  const pct = (n: number) => `${((100 * n) / snapshot.contextWindow).toFixed(1)}%`;
  const lines = parts.map((p) => `- ${p.label}: ${p.tokens.toLocaleString('en-US')} tokens (${pct(p.tokens)})`);
  const free = Math.max(0, snapshot.contextWindow - used);
  return [
    `Context of ${snapshot.model}: about ${used.toLocaleString('en-US')} of ${snapshot.contextWindow.toLocaleString('en-US')} tokens (${pct(used)})`,
    '',
    ...lines,
    `- Free: ${free.toLocaleString('en-US')} tokens (${pct(free)})`,
  ].join('\n');
}

export interface AgentView {
  name: string;
  description: string;
  source: PanelSource;
  tools?: string[];
  model?: string;
  path?: string;
}

/** Agent sources as the panel names them; `cli` (--agents) shows as a command-line definition. */
const AGENT_SOURCE: Record<AgentDefinition['source'], PanelSource> = { builtin: 'builtin', plugin: 'plugin', user: 'user', project: 'project', cli: 'cliArg' };

export function agentViews(definitions: readonly AgentDefinition[]): AgentView[] {
  return definitions.map((d) => ({
    name: d.agentType,
    description: d.whenToUse.slice(0, 2000),
    source: AGENT_SOURCE[d.source],
    ...(d.tools ? { tools: [...d.tools] } : {}),
    ...(d.model ? { model: d.model } : {}),
    ...(d.path ? { path: d.path } : {}),
  }));
}
