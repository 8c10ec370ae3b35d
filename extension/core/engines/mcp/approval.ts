/**
 * Approval of project MCP servers (`.mcp.json`). The source of truth is Claude Code's settings keys
 * (projectApproval.ts): `settingsApproval` decides from them first, asks only about a server they do not
 * mention, and writes the answer back, so the CLI and Claude Code start the same servers. `rememberingApproval`
 * is the older memory (VS Code's `workspaceState`, the answer kept with the server's configuration, so a
 * changed command asked again); `settingsApproval` reads it only to move an old answer into the settings.
 */
import type { McpApprovalPort } from './deps';
import { mcpjsonDecision, type McpjsonApprovalSettings } from './projectApproval';
import type { McpServerEntry, McpServerView } from '../../contracts/mcp';

/** Where answers are kept (VS Code: the workspace's `workspaceState`). */
export interface ApprovalStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

const KEY = 'codewright.mcp.projectApprovals';

/**
 * `ask` shows the question: true is Allow, false is Deny (both remembered), undefined is a dismissed
 * question (not remembered: the next start asks again), passed on as undefined so the manager can say so.
 */
export function rememberingApproval(store: ApprovalStore, ask: (entry: McpServerEntry) => Promise<boolean | undefined>): McpApprovalPort {
  const read = () => remembered(store);
  return {
    async approve(entry, options) {
      const config = JSON.stringify(entry.config);
      const known = read()[entry.name];
      if (!options?.askAgain && known?.config === config) return known.allow;
      const answer = await ask(entry);
      if (answer === undefined) return undefined;
      await store.update(KEY, { ...read(), [entry.name]: { config, allow: answer } });
      return answer;
    },
  };
}

type Remembered = Record<string, { config: string; allow: boolean }>;

function remembered(store: ApprovalStore): Remembered {
  const v = store.get(KEY);
  return typeof v === 'object' && v !== null ? (v as Remembered) : {};
}

/** What `settingsApproval` works with; the host reads and writes the files. */
export interface SettingsApprovalDeps {
  /** The approval keys of the settings files that count now (projectApproval.ts `mergeApprovalSettings`). */
  settings(): Promise<McpjsonApprovalSettings>;
  /** Writes an answer into the local settings file (`.claude/settings.local.json`). */
  record(name: string, allow: boolean): Promise<void>;
  /** Shows the question: true Allow, false Deny, undefined closed without an answer (not recorded). */
  ask(entry: McpServerEntry): Promise<boolean | undefined>;
  /** Answers an earlier version remembered (`rememberingApproval`'s store): each is moved into the settings once. */
  legacy?: ApprovalStore;
  /** A settings file that could not be read or written; the answer still holds for this run. */
  warn?(message: string): void;
}

/**
 * The settings decide first: a disabled name is declined, an enabled one (or enable-all) starts, nobody asked.
 * A server they do not mention is asked about (or takes an old remembered answer for the same configuration),
 * and the answer is recorded in the settings. `askAgain` (the user approves it from /mcp or the palette) asks
 * even when the settings declined it; an Allow then moves the name from the disabled to the enabled list of
 * the local file (a `disabledMcpjsonServers` of another file still declines it on the next start).
 */
export function settingsApproval(deps: SettingsApprovalDeps): McpApprovalPort {
  const save = async (name: string, allow: boolean): Promise<boolean> => {
    try {
      await deps.record(name, allow);
      return true;
    } catch (err) {
      deps.warn?.(`The answer about the MCP server "${name}" was not saved: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  };
  return {
    async approve(entry, options) {
      const settings = await deps.settings().catch((err: unknown) => {
        deps.warn?.(`The MCP approval settings could not be read: ${err instanceof Error ? err.message : String(err)}`);
        return {};
      });
      const decision = mcpjsonDecision(entry.name, settings);
      if (decision === 'approved') return true;
      if (!options?.askAgain) {
        if (decision === 'rejected') return false;
        const old = deps.legacy ? remembered(deps.legacy)[entry.name] : undefined;
        if (deps.legacy && old?.config === JSON.stringify(entry.config)) {
          const { [entry.name]: _moved, ...rest } = remembered(deps.legacy);
          if (await save(entry.name, old.allow)) await deps.legacy.update(KEY, rest);
          return old.allow;
        }
      }
      const answer = await deps.ask(entry);
      if (answer !== undefined) await save(entry.name, answer);
      return answer;
    },
  };
}

/** Exactly what a server would run or reach: its command line (and folder), or its URL. */
export function describeServer(entry: McpServerEntry): string {
  const c = entry.config;
  return c.type === 'stdio' ? `Command: ${[c.command, ...c.args].join(' ')}${c.cwd ? `\nIn: ${c.cwd}` : ''}` : c.type === 'sdk' ? `In-process server of the Agent SDK application: ${c.name}` : `URL (${c.type}): ${c.url}`;
}

/**
 * The project servers the user can approve now, for the palette's Approve MCP Server…: those declined or
 * whose question was dismissed, each with why it is off and what it would run.
 */
export function approvableServers(servers: readonly McpServerView[], entries: readonly McpServerEntry[]): { name: string; reason: 'declined' | 'dismissed'; what: string }[] {
  return servers.flatMap((s) => {
    const reason = s.status.state === 'disabled' ? s.status.reason : undefined;
    const entry = entries.find((e) => e.name === s.name);
    if ((reason !== 'declined' && reason !== 'dismissed') || !entry) return [];
    return [{ name: s.name, reason, what: describeServer(entry) }];
  });
}

/** The question's words: which server, from where, and exactly what would run. */
export function approvalQuestion(entry: McpServerEntry): { message: string; detail: string } {
  const what = describeServer(entry);
  return {
    message: `Start the MCP server "${entry.name}" from .mcp.json?`,
    detail: `${what}\n\nIt is configured by this workspace${entry.path ? ` (${entry.path})` : ''}. Allow it only if you trust the repository. The answer is saved in .claude/settings.local.json (enabledMcpjsonServers / disabledMcpjsonServers), which the Codewright CLI and Claude Code read too.`,
  };
}
