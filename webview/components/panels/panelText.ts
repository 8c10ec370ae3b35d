/** Words the command panels share: what each source is called, and how a number of tokens reads. */
import type { PanelName, PanelView } from '../../../extension/protocol/messages';

export type PanelSource = Extract<PanelView, { panel: 'permissions' }>['rules'][number]['source'];

export const SOURCE_LABELS: Record<PanelSource, string> = {
  session: 'This session',
  localSettings: 'Local settings (.claude/settings.local.json)',
  projectSettings: 'Project settings (.claude/settings.json)',
  userSettings: 'User settings (~/.claude/settings.json)',
  vscodeSettings: 'VS Code settings',
  cliArg: 'Command line',
  builtin: 'Built-in',
  project: 'Project',
  user: 'User',
  plugin: 'Plugin',
};

/** Most specific first, the order in which a rule's source wins. */
export const SOURCE_ORDER = Object.keys(SOURCE_LABELS) as PanelSource[];

export const BEHAVIORS = ['allow', 'ask', 'deny'] as const;
export type RuleBehavior = (typeof BEHAVIORS)[number];
export const BEHAVIOR_LABELS: Record<RuleBehavior, string> = { allow: 'Allow', ask: 'Ask', deny: 'Deny' };

export const PANEL_TITLES: Record<PanelName, string> = {
  permissions: 'Permissions',
  context: 'Context window',
  agents: 'Agents',
  mcp: 'MCP servers',
  hooks: 'Hooks',
  plugins: 'Plugins',
};

/** `850`, `12.3k`, `200k`. */
export function compactTokens(n: number): string {
  if (n < 1000) return String(n);
  return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
}
