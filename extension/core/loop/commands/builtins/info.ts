/** Built-ins that report or change a setting without the model: /cost, /model and /help. */
import { pickerModels } from '../../../engines/models/models';
import type { CommandHost } from '../host';
import type { Command, LocalCommand } from '../../../contracts/commands';

const text = (value: string) => ({ type: 'text' as const, value });
const count = (n: number) => n.toLocaleString('en-US');

export function costCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'cost',
    description: 'Tokens used and what they cost in this session so far',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async () => {
      const u = host.usage();
      if (u.requests === 0) return text('No requests yet in this session: $0.00.');
      return text(
        [
          `Total cost: $${u.costUsd.toFixed(4)} (list prices)`,
          `Requests: ${u.requests}`,
          `Tokens: ${count(u.inputTokens)} input, ${count(u.outputTokens)} output, ${count(u.cacheReadInputTokens)} cache read, ${count(u.cacheCreationInputTokens)} cache write`,
        ].join('\n'),
      );
    },
  };
}

/** Model ids are short words of these characters; anything else is a typo, not a model. */
const MODEL_ID = /^[\w.:@[\]/-]{1,200}$/;

export function modelCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'model',
    description: 'Show the model, or switch to another for the next turns',
    argumentHint: '[model id]',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (args) => {
      const wanted = args.trim();
      if (!wanted) {
        const models = host.listModels ? await host.listModels() : pickerModels();
        return text(`Model: ${host.model()}\n\nAvailable: ${models.join(', ')} (or the aliases opus, sonnet, haiku). Switch with /model <id>.`);
      }
      if (!MODEL_ID.test(wanted)) return text(`"${wanted}" is not a model id (for example claude-sonnet-5-5).`);
      if (!host.setModel) return text(`The model is fixed for this run (${host.model()}); choose one with --model.`);
      await host.setModel(wanted);
      return text(`Model set to ${wanted}.`);
    },
  };
}

export function helpCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'help',
    description: 'List the slash commands',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async () => text(helpText(host.commands())),
  };
}

/** One line per command the user can type, built-ins first, then by where they came from. */
export function helpText(commands: readonly Command[]): string {
  const visible = commands.filter((c) => !c.isHidden && c.userInvocable !== false);
  const line = (c: Command) => `- \`/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ''}\` ${c.description}`;
  const builtin = visible.filter((c) => c.source === 'builtin');
  const custom = visible.filter((c) => c.source !== 'builtin');
  const parts = [`Slash commands:\n\n${builtin.map(line).join('\n')}`];
  if (custom.length) parts.push(`Custom commands and skills:\n\n${custom.map((c) => `${line(c)} (${c.source})`).join('\n')}`);
  return parts.join('\n\n');
}
