/**
 * Approval of project MCP servers (`.mcp.json`), remembered per workspace: the user is asked once per server
 * and configuration. The answer is kept with the server's configuration, so a repository that changes the
 * command of an approved server gets asked about again instead of running the new command silently.
 */
import type { McpApprovalPort } from './manager';
import type { McpServerEntry } from './types';

/** Where answers are kept (VS Code: the workspace's `workspaceState`). */
export interface ApprovalStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

const KEY = 'codewright.mcp.projectApprovals';

/**
 * `ask` shows the question: true is Allow, false is Deny (both remembered), undefined is a dismissed
 * question (not remembered: the next start asks again).
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
      if (answer === undefined) return false;
      await store.update(KEY, { ...read(), [entry.name]: { config, allow: answer } });
      return answer;
    },
  };
}

/** The question's words: which server, from where, and exactly what would run. */
export function approvalQuestion(entry: McpServerEntry): { message: string; detail: string } {
  const c = entry.config;
  const what =
    c.type === 'stdio' ? `Command: ${[c.command, ...c.args].join(' ')}${c.cwd ? `\nIn: ${c.cwd}` : ''}` : c.type === 'sdk' ? `In-process server of the Agent SDK application: ${c.name}` : `URL (${c.type}): ${c.url}`;
  return {
    message: `Start the MCP server "${entry.name}" from .mcp.json?`,
    detail: `${what}\n\nIt is configured by this workspace${entry.path ? ` (${entry.path})` : ''}. Allow it only if you trust the repository.`,
  };
}
