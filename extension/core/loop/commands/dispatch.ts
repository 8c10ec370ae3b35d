/**
 * Running what the user typed as a slash command (docs/ARCHITECTURE.md, Slash commands). `resolveCommand`
 * says whether the text is a command, which one, or that it names none (with the closest names: an unknown
 * command sends nothing to the model); `runCommand` runs a found one. The chat splits the two so it can show
 * the prompt before a slow local command (/compact) finishes; the CLI calls `dispatchCommand`.
 */
import type { ImageBlock, TextBlock } from '../../base/messages';
import { closestNames, parseSlashCommand } from './parse';
import type { Command, CommandContext, PromptCommand } from '../../contracts/commands';

export type Resolved =
  /** Not a command: the text goes to the model as typed. */
  | { type: 'none' }
  | { type: 'unknown'; message: string }
  | { type: 'found'; command: Command; args: string };

export type CommandOutcome =
  | { type: 'prompt'; command: PromptCommand; content: (TextBlock | ImageBlock)[]; allowedTools: string[]; model?: string }
  | { type: 'text'; text: string }
  | { type: 'skip' }
  | { type: 'panel'; panel: string; props: Record<string, unknown> }
  | { type: 'failed'; message: string };

/** What a registry offers to resolve against. */
export interface CommandLookup {
  find(name: string): Command | undefined;
  all(): readonly Command[];
}

export function resolveCommand(text: string, commands: CommandLookup): Resolved {
  const parsed = parseSlashCommand(text);
  if (!parsed) return { type: 'none' };
  const command = commands.find(parsed.name);
  if (command && command.userInvocable !== false) return { type: 'found', command, args: parsed.args };
  const names = commands
    .all()
    .filter((c) => !c.isHidden && c.userInvocable !== false)
    .map((c) => c.name);
  const near = closestNames(parsed.name, names);
  const hint = near.length ? ` Did you mean ${near.map((n) => `/${n}`).join(', ')}?` : '';
  return { type: 'unknown', message: `Unknown command: /${parsed.name}.${hint} Type /help to list the commands.` };
}

/** Runs a command; whatever it throws becomes a `failed` outcome naming it. */
export async function runCommand(command: Command, args: string, context: CommandContext): Promise<CommandOutcome> {
  try {
    switch (command.type) {
      case 'prompt': {
        const content = await command.getPromptForCommand(args, context);
        return { type: 'prompt', command, content, allowedTools: command.allowedTools ?? [], ...(command.model ? { model: command.model } : {}) };
      }
      case 'local': {
        const result = await command.call(args, context);
        if (result.type === 'text') return { type: 'text', text: result.value };
        if (result.type === 'compact') return { type: 'text', text: result.summary };
        return { type: 'skip' };
      }
      case 'local-jsx': {
        const { panel, props } = await command.call(args, context);
        return { type: 'panel', panel, props };
      }
    }
  } catch (err) {
    return { type: 'failed', message: `/${command.name} failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Both steps at once: undefined when the text is not a command. */
export async function dispatchCommand(
  text: string,
  commands: CommandLookup,
  context: CommandContext,
): Promise<CommandOutcome | { type: 'unknown'; message: string } | undefined> {
  const resolved = resolveCommand(text, commands);
  if (resolved.type === 'none') return undefined;
  if (resolved.type === 'unknown') return resolved;
  return runCommand(resolved.command, resolved.args, context);
}
