/**
 * The `local-jsx` built-ins: each opens a panel in the webview with its data (protocol/panels.ts) and has a
 * text form for the CLI. /permissions (rules by source; the panel adds and removes them), /context (the
 * window by part), /agents, /mcp and /hooks.
 */
import type { CommandHost } from '../host';
import type { LocalJSXCommand } from '../../../contracts/commands';
import { agentViews, contextParts, contextText, contextUsed, permissionRules, permissionsText } from './views';

type PanelDef = Pick<LocalJSXCommand, 'name' | 'description'> & {
  props: () => Promise<Record<string, unknown>>;
  text: () => Promise<string>;
};

function panelCommand(def: PanelDef): LocalJSXCommand {
  return {
    type: 'local-jsx',
    name: def.name,
    description: def.description,
    source: 'builtin',
    panel: def.name,
    call: async () => ({ panel: def.name, props: await def.props() }),
    renderText: () => def.text(),
  };
}

export function permissionsCommand(host: CommandHost): LocalJSXCommand {
  return panelCommand({
    name: 'permissions',
    description: 'Permission rules by source: add and remove allow, ask and deny rules',
    props: async () => ({ mode: host.permissionContext().mode, rules: permissionRules(host.permissionContext()) }),
    text: async () => permissionsText(host.permissionContext()),
  });
}

export function contextCommand(host: CommandHost): LocalJSXCommand {
  return panelCommand({
    name: 'context',
    description: 'What fills the context window, by part',
    props: async () => {
      const snapshot = await host.contextSnapshot();
      const parts = contextParts(snapshot);
      return { model: snapshot.model, window: snapshot.contextWindow, parts, used: contextUsed(snapshot, parts) };
    },
    text: async () => contextText(await host.contextSnapshot()),
  });
}

export function agentsCommand(host: CommandHost): LocalJSXCommand {
  return panelCommand({
    name: 'agents',
    description: 'The agent types sub-agents can run as',
    props: async () => ({ agents: agentViews(await host.agents()) }),
    text: async () =>
      agentViews(await host.agents())
        .map((a) => `- ${a.name} (${a.source}${a.path ? `, ${a.path}` : ''}): ${a.description}`)
        .join('\n'),
  });
}

export function mcpCommand(host: CommandHost): LocalJSXCommand {
  const servers = () => [...(host.mcpServers?.() ?? [])];
  return panelCommand({
    name: 'mcp',
    description: 'MCP servers and their status',
    props: async () => ({ servers: servers() }),
    text: async () => {
      const list = servers();
      return list.length ? list.map((s) => `- ${s.name}: ${s.status}, ${s.tools} tools${s.error ? ` (${s.error})` : ''}`).join('\n') : 'No MCP servers are configured.';
    },
  });
}

export function hooksCommand(host: CommandHost): LocalJSXCommand {
  const hooks = () => [...(host.hooks?.() ?? [])];
  return panelCommand({
    name: 'hooks',
    description: 'The hooks of the settings files, by event',
    props: async () => ({ hooks: hooks() }),
    text: async () => {
      const list = hooks();
      return list.length
        ? list.map((h) => `- ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}: ${h.command} (${h.timeout}s, ${h.source})`).join('\n')
        : 'No hooks are configured.';
    },
  });
}
