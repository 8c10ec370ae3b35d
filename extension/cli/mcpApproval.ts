/**
 * The CLI's approval of project MCP servers (`.mcp.json`), as Claude Code's after its trust dialog: the folder
 * the CLI runs in is trusted, so the user, project and local settings files decide
 * (core/engines/mcp/projectApproval.ts). A server they approve starts; one they disable does not, and a note
 * names the file; one they do not mention is not started either (nobody can be asked headless), and the note
 * says how to approve it.
 */
import { homedir } from 'node:os';
import { listsMcpjsonName, MCPJSON_KEYS, mcpjsonDecision, mergeApprovalSettings } from '../core/engines/mcp/projectApproval';
import type { McpApprovalPort } from '../core/engines/mcp/manager';
import { readApprovalFiles } from '../host/node/mcp/approvalSettings';
import { claudeConfigDir } from '../host/node/plugins/pluginFiles';
import type { SettingSource } from './argChecks';

export interface CliApprovalWhere {
  cwd: string;
  /** For `$CLAUDE_CONFIG_DIR`; the process's when absent. */
  env?: NodeJS.ProcessEnv;
  /** The home folder (`~/.claude` when `CLAUDE_CONFIG_DIR` is unset); the process's when absent. */
  home?: string;
  /** `--setting-sources`: only these files count. */
  sources?: readonly SettingSource[];
}

/** How a user approves a project server the settings do not mention. */
export function howToApprove(name: string): string {
  return `approve it with \`codewright mcp approve ${name}\` (adds it to ${MCPJSON_KEYS.enabled} in .claude/settings.local.json), set "${MCPJSON_KEYS.all}": true there, or pass the file with --mcp-config`;
}

/**
 * The approval port of the CLI's manager (cli/mcp.ts): the settings' decision, with a note on `warn` for a
 * server that does not start.
 */
export function cliMcpApproval(where: CliApprovalWhere, warn: (line: string) => void): McpApprovalPort {
  return {
    // Nobody is asked: the server stays `connecting` until the files answered, so the first turn waits for it.
    asks: false,
    async approve(entry) {
      const files = await readApprovalFiles({
        configDir: claudeConfigDir(where.env ?? process.env, where.home ?? homedir()),
        workspaceRoot: where.cwd,
        trusted: true,
        ...(where.sources ? { sources: where.sources } : {}),
      });
      const decision = mcpjsonDecision(entry.name, mergeApprovalSettings(files.map((f) => f.settings)));
      if (decision === 'approved') return true;
      const from = `MCP server "${entry.name}" from ${entry.path ?? '.mcp.json'} not started`;
      if (decision === 'rejected') {
        const file = files.find((f) => listsMcpjsonName(f.settings.disabledMcpjsonServers, entry.name))?.file;
        warn(`${from}: ${MCPJSON_KEYS.disabled} in ${file ?? 'the settings'} lists it.`);
      } else {
        warn(`${from}: project servers need approval; ${howToApprove(entry.name)}.`);
      }
      return false;
    },
  };
}
