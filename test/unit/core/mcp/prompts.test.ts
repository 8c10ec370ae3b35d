/** MCP prompts as slash commands (core/engines/mcp/prompts.ts), through the registry and the dispatcher. */
import { describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../../../extension/core/loop/commands/dispatch';
import { CommandRegistry } from '../../../../extension/core/loop/commands/registry';
import { mcpPromptLoader, promptArguments } from '../../../../extension/core/engines/mcp/prompts';
import { commandContext } from '../../commands/fakeHost';
import { fakeHub } from './fakeHub';

const review = {
  name: 'review',
  description: 'Review a file',
  arguments: [
    { name: 'file', required: true },
    { name: 'focus', description: 'what to look at' },
  ],
};

function setup() {
  const hub = fakeHub([
    {
      name: 'docs',
      prompts: [review, { name: 'hello' }],
      promptMessages: {
        review: (a) => [
          { role: 'user', text: `Review ${a.file ?? '?'} for ${a.focus ?? 'everything'}` },
          { role: 'assistant', text: 'Sure.' },
        ],
        hello: () => [{ role: 'user', text: 'Say hello' }],
      },
    },
    { name: 'down', state: 'failed', prompts: [{ name: 'gone' }] },
  ]);
  const registry = new CommandRegistry({ builtins: [], loaders: [mcpPromptLoader(hub)] });
  return { hub, registry };
}

describe('core/engines/mcp/prompts', () => {
  it('lists each prompt of a connected server as /mcp__server__prompt with its arguments as the hint', async () => {
    const { registry } = setup();
    await registry.refresh();
    expect(registry.list()).toEqual([
      { name: 'mcp__docs__review', description: 'Review a file (MCP: docs)', argumentHint: '<file> [focus]', source: 'mcp' },
      { name: 'mcp__docs__hello', description: 'hello (MCP: docs)', source: 'mcp' },
    ]);
  });

  it('maps the words in order onto the arguments, the last one taking the rest, and expands through the hub', async () => {
    const { hub, registry } = setup();
    await registry.refresh();
    const outcome = await dispatchCommand('/mcp__docs__review "src/a b.ts" error handling', registry, commandContext());
    expect(outcome).toMatchObject({
      type: 'prompt',
      content: [
        { type: 'text', text: 'Review src/a b.ts for error handling' },
        { type: 'text', text: 'Sure.' },
      ],
    });
    expect(hub.promptCalls).toEqual([{ server: 'docs', prompt: 'review', args: { file: 'src/a b.ts', focus: 'error handling' } }]);
  });

  it('leaves out an optional argument not typed, and fails naming a missing required one', async () => {
    expect(promptArguments(review, 'a.ts')).toEqual({ file: 'a.ts' });
    expect(promptArguments({ name: 'x' }, 'ignored words')).toEqual({});
    const { registry } = setup();
    await registry.refresh();
    expect(await dispatchCommand('/mcp__docs__review', registry, commandContext())).toEqual({
      type: 'failed',
      message: '/mcp__docs__review failed: missing argument file. Usage: <file> [focus]',
    });
  });

  it('follows the server list at the next refresh', async () => {
    const { hub, registry } = setup();
    await registry.refresh();
    hub.set([{ name: 'docs', prompts: [{ name: 'fresh' }] }]);
    await registry.refresh();
    expect(registry.list().map((c) => c.name)).toEqual(['mcp__docs__fresh']);
  });
});
