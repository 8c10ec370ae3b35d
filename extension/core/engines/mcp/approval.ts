/**
 * Approval of project MCP servers (`.mcp.json`), remembered per workspace: the user is asked once per server
 * and configuration. The answer is kept with the server's configuration, so a repository that changes the
 * command of an approved server gets asked about again instead of running the new command silently.
 */
import type { McpApprovalPort } from './deps';
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
  const read = (): Record<string, { config: string; allow: boolean }> => {
    const v = store.get(KEY);
    return typeof v === 'object' && v !== null ? (v as Record<string, { config: string; allow: boolean }>) : {};
  };
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
    detail: `${what}\n\nIt is configured by this workspace${entry.path ? ` (${entry.path})` : ''}. Allow it only if you trust the repository.`,
  };
}
