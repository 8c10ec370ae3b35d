import { describe, expect, it } from 'vitest';
import { dispatchCommand, resolveCommand } from '../../../extension/core/loop/commands/dispatch';
import { closestNames, parseSlashCommand } from '../../../extension/core/loop/commands/parse';
import { CommandRegistry } from '../../../extension/core/loop/commands/registry';
import type { Command } from '../../../extension/core/contracts/commands';
import { commandContext } from './fakeHost';

const commands: Command[] = [
  {
    type: 'prompt',
    name: 'frontend:lint',
    description: 'Lint',
    source: 'project',
    allowedTools: ['Bash(npm run lint:*)'],
    model: 'haiku',
    progressMessage: 'linting',
    contentLength: 10,
    getPromptForCommand: async (args) => [{ type: 'text', text: `Lint ${args}` }],
  },
  { type: 'local', name: 'cost', description: 'Cost', source: 'builtin', supportsNonInteractive: true, call: async () => ({ type: 'text', value: '$0.00' }) },
  { type: 'local', name: 'clear', description: 'Clear', source: 'builtin', supportsNonInteractive: false, call: async () => ({ type: 'skip' }) },
  { type: 'local-jsx', name: 'context', description: 'Context', source: 'builtin', panel: 'context', call: async () => ({ panel: 'context', props: { window: 1 } }) },
  {
    type: 'local',
    name: 'boom',
    description: 'Fails',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async () => {
      throw new Error('disk full');
    },
  },
];
const registry = new CommandRegistry({ builtins: commands });

describe('core/loop/commands/parse', () => {
  it('reads the name and the arguments of a command', () => {
    expect(parseSlashCommand('/frontend:lint  src/app.ts  ')).toEqual({ name: 'frontend:lint', args: 'src/app.ts' });
    expect(parseSlashCommand('  /compact\nkeep the API notes')).toEqual({ name: 'compact', args: 'keep the API notes' });
    expect(parseSlashCommand('/help')).toEqual({ name: 'help', args: '' });
  });

  it('leaves paths and other text that starts with a slash to the model', () => {
    for (const text of ['/usr/bin is slow', '/ what is this', '/etc/hosts', 'say /help', '/tmp/x.txt?', '//comment', '/a.']) {
      expect(parseSlashCommand(text), text).toBeUndefined();
    }
  });

  it('suggests near names: prefixes first, then by edit distance', () => {
    expect(closestNames('comapct', ['compact', 'context', 'cost'])).toEqual(['compact']);
    expect(closestNames('co', ['compact', 'context', 'cost', 'help'])).toEqual(['compact', 'context', 'cost']);
    expect(closestNames('zzzzzz', ['compact', 'help'])).toEqual([]);
  });
});

describe('core/loop/commands/dispatch', () => {
  it('expands a prompt command with its allowed tools and model', async () => {
    expect(await dispatchCommand('/frontend:lint src', registry, commandContext())).toEqual({
      type: 'prompt',
      command: commands[0],
      content: [{ type: 'text', text: 'Lint src' }],
      allowedTools: ['Bash(npm run lint:*)'],
      model: 'haiku',
    });
  });

  it('runs a local command for its text, or nothing to show', async () => {
    expect(await dispatchCommand('/cost', registry, commandContext())).toEqual({ type: 'text', text: '$0.00' });
    expect(await dispatchCommand('/clear', registry, commandContext())).toEqual({ type: 'skip' });
  });

  it('opens a local-jsx command as its panel with its data', async () => {
    expect(await dispatchCommand('/context', registry, commandContext())).toEqual({ type: 'panel', panel: 'context', props: { window: 1 } });
  });

  it('says a command is unknown, with the closest names, instead of sending it', async () => {
    expect(await dispatchCommand('/cots', registry, commandContext())).toEqual({
      type: 'unknown',
      message: 'Unknown command: /cots. Did you mean /cost? Type /help to list the commands.',
    });
    expect(resolveCommand('/qqqqqqqq', registry)).toEqual({ type: 'unknown', message: 'Unknown command: /qqqqqqqq. Type /help to list the commands.' });
  });

  it('is not a command when the text is a path or plain prose', async () => {
    expect(await dispatchCommand('/usr/bin is slow, why?', registry, commandContext())).toBeUndefined();
    expect(resolveCommand('please /cost', registry)).toEqual({ type: 'none' });
  });

  it('turns a command that throws into a failure naming it', async () => {
    expect(await dispatchCommand('/boom', registry, commandContext())).toEqual({ type: 'failed', message: '/boom failed: disk full' });
  });
});
