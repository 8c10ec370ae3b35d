/**
 * The command panels of the protocol: `local-jsx` slash commands (/permissions, /context, /agents, /mcp,
 * /hooks, /plugin) open a panel in the webview with the data it shows; the permissions panel sends rule
 * changes back, the plugins panel its installs and marketplace changes. `configProblems` lists what was skipped in the user's `.claude/` setup (a malformed command file,
 * skill, agent file or hook), each naming its file and line, so the user sees it without opening the log.
 * Kept apart from messages.ts, which composes it into the two unions.
 */
import { z } from 'zod';

const Name = z.string().min(1).max(200);
const Text = z.string().max(2000);
const FilePath = z.string().max(4096);

/** Where a rule, hook or definition comes from. */
export const PanelSourceSchema = z.enum([
  'builtin',
  'userSettings',
  'projectSettings',
  'localSettings',
  'vscodeSettings',
  'cliArg',
  'session',
  'user',
  'project',
  'plugin',
]);

export const PermissionRuleViewSchema = z.strictObject({
  source: PanelSourceSchema,
  behavior: z.enum(['allow', 'deny', 'ask']),
  rule: z.string().min(1).max(2000),
  /** The panel may remove it (settings files and the session; not VS Code settings or command-line rules). */
  editable: z.boolean(),
});

export const PermissionsPanelSchema = z.strictObject({
  panel: z.literal('permissions'),
  mode: z.string().max(50),
  rules: z.array(PermissionRuleViewSchema).max(2000),
});

export const ContextPanelSchema = z.strictObject({
  panel: z.literal('context'),
  model: z.string().max(200),
  /** The model's context window in tokens. */
  window: z.number().int().positive(),
  /** What fills it, by part (system prompt, tools, memory files, skills, messages, ...), in tokens. */
  parts: z.array(z.strictObject({ label: z.string().min(1).max(100), tokens: z.number().int().nonnegative() })).max(50),
  /** Tokens in use: the figure the header and usage line show (measured by the API), or the parts' sum before the first request. */
  used: z.number().int().nonnegative().optional(),
});

export const AgentsPanelSchema = z.strictObject({
  panel: z.literal('agents'),
  agents: z
    .array(
      z.strictObject({
        name: Name,
        description: Text,
        source: PanelSourceSchema,
        tools: z.array(Name).max(200).optional(),
        model: z.string().max(200).optional(),
        path: FilePath.optional(),
      }),
    )
    .max(500),
});

export const McpPanelSchema = z.strictObject({
  panel: z.literal('mcp'),
  servers: z
    .array(
      z.strictObject({
        name: Name,
        /** `pending` is the older spelling of `connecting`; both show a spinner. */
        status: z.enum(['connected', 'pending', 'connecting', 'failed', 'needsApproval', 'needsAuth', 'disabled']),
        tools: z.number().int().nonnegative(),
        error: Text.optional(),
        resources: z.number().int().nonnegative().optional(),
        prompts: z.number().int().nonnegative().optional(),
        /** project (.mcp.json), user (~/.claude.json), settings (codewright.mcpServers), cli (--mcp-config). */
        scope: z.enum(['project', 'user', 'settings', 'cli', 'dynamic', 'plugin']).optional(),
        path: FilePath.optional(),
        /** What a failed server printed last on stderr (the host keeps the tail). */
        stderr: z.string().max(20_000).optional(),
        /** When a failed server is tried again, ms since the epoch. */
        retryAt: z.number().nonnegative().optional(),
        authUrl: z.string().max(4096).optional(),
        /**
         * Why a `disabled` server is off: the user declined it or closed its question (both can be approved
         * from the panel), the workspace is not trusted (project servers wait for trust), or it was turned off.
         */
        disabledReason: z.enum(['declined', 'dismissed', 'untrusted', 'turnedOff']).optional(),
      }),
    )
    .max(200),
});

export const HooksPanelSchema = z.strictObject({
  panel: z.literal('hooks'),
  hooks: z
    .array(
      z.strictObject({
        event: Name,
        matcher: z.string().max(500).optional(),
        command: z.string().max(4000),
        /** Seconds. */
        timeout: z.number().positive(),
        source: PanelSourceSchema,
        path: FilePath.optional(),
      }),
    )
    .max(500),
});

const PluginId = z.string().min(1).max(400);
const Names = z.array(z.string().min(1).max(500)).max(500);

export const PluginContributionsSchema = z.strictObject({
  commands: Names,
  agents: Names,
  skills: Names,
  /** `Event: command` of each hook. */
  hooks: Names,
  mcpServers: Names,
  outputStyles: Names,
});

/** /plugin: marketplaces, the plugins they offer and the installed ones (core/contracts/pluginCatalog.ts). */
export const PluginsPanelSchema = z.strictObject({
  panel: z.literal('plugins'),
  marketplaces: z
    .array(
      z.strictObject({
        name: Name,
        source: z.string().max(4096),
        path: FilePath,
        plugins: z.number().int().nonnegative(),
        error: Text.optional(),
        suggested: z.boolean().optional(),
        lastUpdated: z.string().max(100).optional(),
      }),
    )
    .max(200),
  plugins: z
    .array(
      z.strictObject({
        id: PluginId,
        name: Name,
        marketplace: Name,
        description: Text.optional(),
        version: z.string().max(100).optional(),
        installed: z.boolean(),
        installedVersion: z.string().max(100).optional(),
        enabled: z.boolean(),
        enabledBy: z.enum(['user', 'project', 'local']).optional(),
        contributes: PluginContributionsSchema.optional(),
        error: Text.optional(),
      }),
    )
    .max(2000),
  trusted: z.boolean(),
  /** An action in progress ("Installing commit-tools@team…"): the panel's buttons wait. */
  busy: Text.optional(),
  /** The last action's outcome, or why it failed. */
  notice: z.strictObject({ kind: z.enum(['info', 'error']), text: Text }).optional(),
});

/** Why a /mcp server is off, in the words the panel and the palette's Approve MCP Server… use. */
export const MCP_DISABLED_REASON_TEXT: Record<McpDisabledReason, string> = {
  declined: 'You declined this project server.',
  dismissed: 'You closed the question about this project server without answering.',
  untrusted: 'Workspace not trusted: servers from .mcp.json start once you trust this folder.',
  turnedOff: 'Turned off.',
};
export type McpDisabledReason = NonNullable<z.infer<typeof McpPanelSchema>['servers'][number]['disabledReason']>;

/** What a panel shows; `panel` names it. */
export const PanelViewSchema = z.discriminatedUnion('panel', [
  PermissionsPanelSchema,
  ContextPanelSchema,
  AgentsPanelSchema,
  McpPanelSchema,
  HooksPanelSchema,
  PluginsPanelSchema,
]);
export type PanelView = z.infer<typeof PanelViewSchema>;
export type PanelName = PanelView['panel'];

/** A skipped part of the user's setup; `line` is 1-based, 0 when unknown. */
export const ConfigProblemSchema = z.strictObject({
  /** What kind of file: `command`, `skill`, `agent`, `hook`, `settings`, `memory`. */
  kind: z.string().min(1).max(50),
  path: FilePath,
  line: z.number().int().nonnegative(),
  message: z.string().max(2000),
});
export type ConfigProblem = z.infer<typeof ConfigProblemSchema>;

const ConfigProblemsSchema = z.array(ConfigProblemSchema).max(200);

/** webview → host requests of the panels. */
export const PanelRequestSchemas = [
  /** Adds a rule to a settings file (or the session) from the permissions panel. */
  z.strictObject({
    type: z.literal('addPermissionRule'),
    destination: z.enum(['userSettings', 'projectSettings', 'localSettings', 'session']),
    behavior: z.enum(['allow', 'deny', 'ask']),
    rule: z.string().trim().min(1).max(2000),
  }),
  z.strictObject({
    type: z.literal('removePermissionRule'),
    source: PanelSourceSchema,
    behavior: z.enum(['allow', 'deny', 'ask']),
    rule: z.string().min(1).max(2000),
  }),
  z.strictObject({ type: z.literal('closePanel') }),
  /** The /mcp panel's Restart (also Retry, and Allow of a server waiting for approval). */
  z.strictObject({ type: z.literal('restartMcpServer'), server: Name }),
  /** The /mcp panel's Authenticate: the OAuth sign-in of a server that needs it (the browser opens). */
  z.strictObject({ type: z.literal('authenticateMcpServer'), server: Name }),
  /** The /mcp panel's Approve…: ask again about a project server the user declined or dismissed. */
  z.strictObject({ type: z.literal('approveMcpServer'), server: Name }),
  /** The /plugin panel's Install, Uninstall, Enable, Disable and Update of `<plugin>@<marketplace>`. */
  z.strictObject({ type: z.literal('pluginAction'), action: z.enum(['install', 'uninstall', 'enable', 'disable', 'update']), plugin: PluginId }),
  /** The /plugin panel's Add (a folder, git URL or owner/repo; a suggested marketplace by its name), Remove and Update. */
  z.strictObject({ type: z.literal('marketplaceAction'), action: z.enum(['add', 'remove', 'update']), marketplace: z.string().trim().min(1).max(4096) }),
  /** Opens VS Code's workspace trust editor (the restricted-mode notice, a /mcp server waiting for trust). */
  z.strictObject({ type: z.literal('manageWorkspaceTrust') }),
] as const;

/** host → webview events of the panels. */
export const PanelEventSchemas = [
  /** Opens the panel, or refreshes it when it is already open. */
  z.strictObject({ type: z.literal('panelOpened'), view: PanelViewSchema }),
  z.strictObject({ type: z.literal('configProblems'), problems: ConfigProblemsSchema }),
] as const;

/** Extra snapshot fields; optional so an older host still parses. */
export const PanelSnapshotFields = {
  panel: PanelViewSchema.optional(),
  configProblems: ConfigProblemsSchema.optional(),
};
