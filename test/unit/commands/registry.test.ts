import { describe, expect, it } from 'vitest';
import { CommandRegistry } from '../../../extension/core/loop/commands/registry';
import type { CommandLoader } from '../../../extension/core/contracts/commands';
import type { Command, PromptCommand } from '../../../extension/core/contracts/commands';
import type { ConfigProblem } from '../../../extension/core/base/configProblems';

const local = (name: string, over: Partial<Command> = {}): Command =>
  ({ type: 'local', name, description: `${name} built-in`, source: 'builtin', supportsNonInteractive: true, call: async () => ({ type: 'skip' }), ...over }) as Command;

const fileCommand = (name: string, path: string, source: 'project' | 'user' = 'project'): PromptCommand => ({
  type: 'prompt',
  name,
  description: `${name} from ${path}`,
  argumentHint: '<file>',
  source,
  loadedFrom: path,
  progressMessage: 'running',
  contentLength: 1,
  getPromptForCommand: async () => [{ type: 'text', text: name }],
});

/** A loader whose result the test changes between refreshes, counting its calls. */
function mutableLoader(initial: Command[], problems: ConfigProblem[] = []) {
  const state = { commands: initial, problems, calls: 0 };
  const loader: CommandLoader = async () => {
    state.calls++;
    return { commands: state.commands, problems: state.problems };
  };
  return { state, loader };
}

describe('core/loop/commands/registry', () => {
  it('lists the built-ins first, then loaded commands in load order, with hints and sources', async () => {
    const { loader } = mutableLoader([fileCommand('deploy', '/ws/.claude/commands/deploy.md'), fileCommand('lint', '/home/.claude/commands/lint.md', 'user')]);
    const registry = new CommandRegistry({ builtins: [local('help'), local('clear')], loaders: [loader] });
    expect(registry.list().map((c) => c.name)).toEqual(['help', 'clear']);
    await registry.refresh();
    expect(registry.list()).toEqual([
      { name: 'help', description: 'help built-in', source: 'builtin' },
      { name: 'clear', description: 'clear built-in', source: 'builtin' },
      { name: 'deploy', description: 'deploy from /ws/.claude/commands/deploy.md', argumentHint: '<file>', source: 'project' },
      { name: 'lint', description: 'lint from /home/.claude/commands/lint.md', argumentHint: '<file>', source: 'user' },
    ]);
    expect(registry.find('/deploy')?.source).toBe('project');
  });

  it('refuses a file command that would shadow a built-in (or its alias) and reports it naming the file', async () => {
    const { loader } = mutableLoader([fileCommand('clear', '/ws/.claude/commands/clear.md'), fileCommand('reset', '/ws/.claude/commands/reset.md')], [
      { kind: 'command', path: '/ws/.claude/commands/bad.md', line: 3, message: 'front matter is not YAML' },
    ]);
    const registry = new CommandRegistry({ builtins: [local('clear', { aliases: ['reset'] })], loaders: [loader] });
    await registry.refresh();
    expect(registry.find('clear')?.source).toBe('builtin');
    expect(registry.find('reset')?.source).toBe('builtin');
    expect(registry.list().map((c) => c.name)).toEqual(['clear']);
    expect(registry.problems()).toEqual([
      { kind: 'command', path: '/ws/.claude/commands/bad.md', line: 3, message: 'front matter is not YAML' },
      { kind: 'command', path: '/ws/.claude/commands/clear.md', line: 0, message: expect.stringMatching(/\/clear is a built-in command and cannot be redefined/) },
      { kind: 'command', path: '/ws/.claude/commands/reset.md', line: 0, message: expect.stringMatching(/\/reset is a built-in/) },
    ]);
  });

  it('keeps the first of two loaded commands with one name and reports the second', async () => {
    const { loader } = mutableLoader([fileCommand('lint', '/ws/.claude/commands/lint.md'), fileCommand('lint', '/home/.claude/commands/lint.md', 'user')]);
    const registry = new CommandRegistry({ builtins: [], loaders: [loader] });
    await registry.refresh();
    expect(registry.find('lint')?.loadedFrom).toBe('/ws/.claude/commands/lint.md');
    expect(registry.problems()).toEqual([
      { kind: 'command', path: '/home/.claude/commands/lint.md', line: 0, message: '/lint is already defined by /ws/.claude/commands/lint.md; this one is skipped.' },
    ]);
  });

  it('picks up added and removed files on refresh and tells listeners only when the list changed', async () => {
    const { state, loader } = mutableLoader([]);
    const registry = new CommandRegistry({ builtins: [local('help')], loaders: [loader] });
    const changes: string[][] = [];
    registry.onChange((list) => changes.push(list.map((c) => c.name)));
    await registry.refresh();
    expect(changes).toEqual([]);
    state.commands = [fileCommand('deploy', '/ws/.claude/commands/deploy.md')];
    await registry.refresh();
    await registry.refresh();
    state.commands = [];
    await registry.refresh();
    expect(changes).toEqual([['help', 'deploy'], ['help']]);
    expect(registry.find('deploy')).toBeUndefined();
    expect(state.calls).toBe(4);
  });

  it('turns a loader that throws into a problem and keeps the others', async () => {
    const { loader } = mutableLoader([fileCommand('deploy', '/ws/.claude/commands/deploy.md')]);
    const broken: CommandLoader = async () => {
      throw new Error('EACCES: /ws/.claude/commands');
    };
    const registry = new CommandRegistry({ builtins: [local('help')], loaders: [broken, loader] });
    await registry.refresh();
    expect(registry.list().map((c) => c.name)).toEqual(['help', 'deploy']);
    expect(registry.problems()).toEqual([{ kind: 'command', path: '', line: 0, message: 'Loading commands failed: EACCES: /ws/.claude/commands' }]);
  });

  it('hides disabled, hidden and model-only commands from the list; hidden ones are still found', async () => {
    const registry = new CommandRegistry({
      builtins: [local('off', { isEnabled: () => false }), local('secret', { isHidden: true }), local('modelonly', { userInvocable: false }), local('help')],
    });
    expect(registry.list().map((c) => c.name)).toEqual(['help']);
    expect(registry.find('secret')?.name).toBe('secret');
    expect(registry.find('off')).toBeUndefined();
  });

  it('takes a loader added later from the next refresh on', async () => {
    const registry = new CommandRegistry({ builtins: [] });
    registry.addLoader(mutableLoader([fileCommand('deploy', '/ws/d.md')]).loader);
    expect(registry.find('deploy')).toBeUndefined();
    await registry.refresh();
    expect(registry.find('deploy')?.name).toBe('deploy');
  });
});
