/**
 * Builds the `PromptCommand` of a command file or skill (core/loop/commands/promptFile.ts,
 * core/loop/skills/skillFile.ts) from its checked fields: its prompt is the body with the arguments substituted,
 * then its `!` lines and `@` references expanded through the permission engine (expand.ts).
 */
import type { ImageBlock, TextBlock } from '../../base/messages';
import { substituteArguments } from '../../base/text/arguments';
import { expandCommandText } from './expand';
import type { CommandContext, PromptCommand } from '../../contracts/commands';

export interface PromptCommandSpec {
  name: string;
  description: string;
  /** The text the arguments are substituted into (a skill's starts with its base directory). */
  body: string;
  source: 'user' | 'project' | 'plugin';
  loadedFrom: string;
  argumentHint?: string;
  allowedTools?: string[];
  model?: string;
  disableModelInvocation?: boolean;
  /** The prefix added by skills, kept apart so `contentLength` and the text agree. */
  preamble?: string;
}

export function makePromptCommand(spec: PromptCommandSpec): PromptCommand {
  const allowedTools = spec.allowedTools ?? [];
  const full = spec.preamble ? `${spec.preamble}\n\n${spec.body}` : spec.body;
  return {
    type: 'prompt',
    name: spec.name,
    description: spec.description,
    source: spec.source,
    loadedFrom: spec.loadedFrom,
    progressMessage: 'running',
    contentLength: full.length,
    ...(spec.argumentHint ? { argumentHint: spec.argumentHint } : {}),
    ...(spec.allowedTools ? { allowedTools: spec.allowedTools } : {}),
    ...(spec.model ? { model: spec.model } : {}),
    ...(spec.disableModelInvocation ? { disableModelInvocation: true } : {}),
    async getPromptForCommand(args: string, context: CommandContext): Promise<(TextBlock | ImageBlock)[]> {
      const text = substituteArguments(full, args);
      const expanded = await expandCommandText(text, context, { commandName: spec.name, allowedTools });
      return [{ type: 'text', text: expanded.text }, ...expanded.files];
    },
  };
}

/** The first line of text in the body, without Markdown heading marks, as a description of last resort. */
export function firstLineOf(body: string): string | undefined {
  const line = body
    .split('\n')
    .map((l) => l.trim().replace(/^#+\s*/, ''))
    .find((l) => l !== '');
  if (!line) return undefined;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** The prompt's blocks as one text, for callers that can only carry text (the Skill tool's result). */
export function promptText(blocks: readonly (TextBlock | ImageBlock)[]): string {
  return blocks
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');
}
