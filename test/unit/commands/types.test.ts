import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  findCommand,
  getCommandName,
  type Command,
  type CommandContext,
  type LocalCommand,
  type PromptCommand,
} from '../../../extension/core/contracts/commands';
import { createAppStateStore } from '../../../extension/core/contracts/appState';

const help: LocalCommand = {
  type: 'local',
  name: 'help',
  description: 'Show help',
  aliases: ['h', '?'],
  source: 'builtin',
  supportsNonInteractive: true,
  call: async () => ({ type: 'text', value: 'usage' }),
};

const review: PromptCommand = {
  type: 'prompt',
  name: 'review',
  description: 'Review the diff',
  source: 'project',
  progressMessage: 'reviewing',
  contentLength: 12,
  getPromptForCommand: async (args) => [{ type: 'text', text: `Review ${args}` }],
};

// A plugin whose alias collides with a built-in's name must not shadow it.
const plugin: Command = {
  type: 'local-jsx',
  name: 'models',
  description: 'Pick a model',
  aliases: ['review'],
  source: 'plugin',
  panel: 'modelPicker',
  call: async () => ({ panel: 'modelPicker', props: {} }),
};

const commands: Command[] = [plugin, help, review];

describe('core/commands types', () => {
  it('finds a command by name, with or without the leading slash', () => {
    expect(findCommand('help', commands)).toBe(help);
    expect(findCommand('/help', commands)).toBe(help);
    expect(findCommand(' /models ', commands)).toBe(plugin);
  });

  it('finds a command by alias', () => {
    expect(findCommand('h', commands)).toBe(help);
    expect(findCommand('/?', commands)).toBe(help);
  });

  it('prefers a name over another command alias', () => {
    expect(findCommand('review', commands)).toBe(review);
  });

  it('returns undefined for unknown, empty or differently cased names', () => {
    expect(findCommand('nope', commands)).toBeUndefined();
    expect(findCommand('/', commands)).toBeUndefined();
    expect(findCommand('', commands)).toBeUndefined();
    expect(findCommand('HELP', commands)).toBeUndefined();
  });

  it('names a command by its name', () => {
    expect(commands.map(getCommandName)).toEqual(['models', 'help', 'review']);
  });

  it('keeps the narrowed command type of the list it searched', async () => {
    const prompts = [review];
    const found = findCommand('review', prompts);
    expectTypeOf(found).toEqualTypeOf<PromptCommand | undefined>();
    const store = createAppStateStore();
    const ctx: CommandContext = { cwd: '/w', getAppState: store.getState, setAppState: store.setState, abortSignal: new AbortController().signal };
    expect(await found?.getPromptForCommand('HEAD~1', ctx)).toEqual([{ type: 'text', text: 'Review HEAD~1' }]);
  });
});
