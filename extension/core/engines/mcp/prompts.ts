/**
 * MCP prompts as slash commands (docs/ARCHITECTURE.md, MCP tools, resources and prompts): each prompt of a
 * connected server is `/mcp__<server>__<prompt>`. What the user types after the name is split into words
 * (quotes group, as for `$1`… of command files) and given to the prompt's arguments in order; the last
 * argument takes any words left over, so nothing typed is lost. The server's messages become the turn.
 */
import { splitArguments } from '../../base/text/arguments';
import type { CommandLoader } from '../../contracts/commands';
import type { PromptCommand } from '../../contracts/commands';
import type { ImageBlock, TextBlock } from '../../base/messages';
import { mcpContentBlock } from './content';
import { mcpToolName, type McpHub, type McpPromptInfo } from '../../contracts/mcp';

/** The typed words mapped onto the prompt's arguments; a missing required one is an error naming it. */
export function promptArguments(prompt: McpPromptInfo, args: string): Record<string, string> {
  const names = prompt.arguments ?? [];
  const words = splitArguments(args.trim());
  const out: Record<string, string> = {};
  names.forEach((arg, i) => {
    const value = i === names.length - 1 ? words.slice(i).join(' ') : words[i];
    if (value !== undefined && value !== '') out[arg.name] = value;
  });
  const missing = names.filter((a) => a.required === true && out[a.name] === undefined).map((a) => a.name);
  if (missing.length > 0) {
    throw new Error(`missing ${missing.length === 1 ? 'argument' : 'arguments'} ${missing.join(', ')}. Usage: ${usage(prompt)}`);
  }
  return out;
}

function usage(prompt: McpPromptInfo): string {
  return (prompt.arguments ?? []).map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ');
}

export function mcpPromptCommand(hub: McpHub, server: string, prompt: McpPromptInfo): PromptCommand {
  const hint = usage(prompt);
  return {
    type: 'prompt',
    name: mcpToolName(server, prompt.name),
    description: `${prompt.description?.trim() || prompt.name} (MCP: ${server})`,
    ...(hint ? { argumentHint: hint } : {}),
    source: 'mcp',
    loadedFrom: `MCP server ${server}`,
    // A model may not start a server's prompt on its own: it runs only when the user types it.
    disableModelInvocation: true,
    progressMessage: `running ${prompt.name} from ${server}`,
    contentLength: 0,
    async getPromptForCommand(args) {
      const result = await hub.getPrompt(server, prompt.name, promptArguments(prompt, args));
      const blocks: (TextBlock | ImageBlock)[] = result.messages.map((m) => mcpContentBlock(m.content));
      if (blocks.length === 0) throw new Error(`the server returned an empty prompt.`);
      return blocks;
    },
  };
}

/** The prompts of every connected server; the registry calls it at each refresh, so a changed list counts from the next prompt. */
export function mcpPromptLoader(hub: McpHub): CommandLoader {
  return async () => ({
    commands: hub
      .servers()
      .filter((s) => s.status.state === 'connected')
      .flatMap((s) => s.prompts.map((p) => mcpPromptCommand(hub, s.name, p))),
    problems: [],
  });
}
