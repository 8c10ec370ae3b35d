/**
 * The one list of slash commands (docs/ARCHITECTURE.md, Slash commands): the built-ins, then what the
 * loaders bring (command files, skills). The composer, the palette and the CLI all read it. It is rebuilt
 * on `refresh()`, which the hosts call at the start of every turn and when the view asks, so a command
 * file added or edited counts from the next prompt without a file watcher.
 *
 * As in Claude Code, a project or user command may not shadow a built-in: it is skipped and reported as a
 * ConfigProblem naming its file, and so is a second command of a name already taken.
 */
import type { CommandLoader } from '../../contracts/commands';
import type { ConfigProblem } from '../../base/configProblems';
import { findCommand, type Command, type CommandSource } from '../../contracts/commands';

/** What the composer, the palette and `/help` show of a command. */
export interface CommandListItem {
  name: string;
  description: string;
  argumentHint?: string;
  source: CommandSource;
}

export interface CommandRegistryOptions {
  builtins: readonly Command[];
  loaders?: readonly CommandLoader[];
}

export class CommandRegistry {
  private commands: readonly Command[];
  private loadProblems: ConfigProblem[] = [];
  private readonly listeners = new Set<(list: CommandListItem[]) => void>();
  private readonly loaders: CommandLoader[];
  private lastList: string;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly options: CommandRegistryOptions) {
    this.commands = [...options.builtins];
    this.loaders = [...(options.loaders ?? [])];
    this.lastList = JSON.stringify(this.list());
  }

  /** Adds a loader (the host plugs the file loader in after construction); takes effect at the next refresh. */
  addLoader(loader: CommandLoader): void {
    this.loaders.push(loader);
  }

  /** Every command that may run, built-ins first, in load order. */
  all(): readonly Command[] {
    return this.commands.filter((c) => c.isEnabled?.() ?? true);
  }

  /** What the user can pick: enabled, not hidden, user-invocable. */
  list(): CommandListItem[] {
    return this.all()
      .filter((c) => !c.isHidden && c.userInvocable !== false)
      .map((c) => ({ name: c.name, description: c.description, ...(c.argumentHint ? { argumentHint: c.argumentHint } : {}), source: c.source }));
  }

  /** The command called `name` (or having it as an alias); a leading `/` is ignored. */
  find(name: string): Command | undefined {
    return findCommand(name, this.all());
  }

  /** What the last refresh skipped, each naming its file. */
  problems(): ConfigProblem[] {
    return [...this.loadProblems];
  }

  /** Called with the new list when a refresh changed it. */
  onChange(listener: (list: CommandListItem[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs the loaders again and rebuilds the list; concurrent calls share one run. A failing loader is a problem, not a crash. */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    const loaded = await Promise.all(
      this.loaders.map((load) =>
        load().catch((err: unknown) => ({
          commands: [],
          problems: [{ kind: 'command' as const, path: '', line: 0, message: `Loading commands failed: ${err instanceof Error ? err.message : String(err)}` }],
        })),
      ),
    );
    const merged = mergeCommands(this.options.builtins, loaded.flatMap((l) => l.commands));
    this.commands = merged.commands;
    this.loadProblems = [...loaded.flatMap((l) => l.problems), ...merged.problems];
    const list = this.list();
    const key = JSON.stringify(list);
    if (key === this.lastList) return;
    this.lastList = key;
    for (const l of this.listeners) l(list);
  }
}

/** Built-ins, then each loaded command whose name (and aliases) nothing before it took. */
export function mergeCommands(builtins: readonly Command[], loaded: readonly Command[]): { commands: Command[]; problems: ConfigProblem[] } {
  const commands = [...builtins];
  const problems: ConfigProblem[] = [];
  const owner = new Map<string, Command>();
  for (const c of builtins) for (const n of [c.name, ...(c.aliases ?? [])]) owner.set(n, c);
  for (const c of loaded) {
    const taken = [c.name, ...(c.aliases ?? [])].map((n) => owner.get(n)).find((o) => o !== undefined);
    if (taken) {
      problems.push({ kind: c.loadedFrom?.endsWith('SKILL.md') ? 'skill' : 'command', path: c.loadedFrom ?? '', line: 0, message: shadowMessage(c, taken) });
      continue;
    }
    commands.push(c);
    for (const n of [c.name, ...(c.aliases ?? [])]) owner.set(n, c);
  }
  return { commands, problems };
}

function shadowMessage(c: Command, taken: Command): string {
  if (taken.source === 'builtin') return `/${c.name} is a built-in command and cannot be redefined; this ${c.source} command is skipped. Rename the file.`;
  return `/${c.name} is already defined${taken.loadedFrom ? ` by ${taken.loadedFrom}` : ''}; this one is skipped.`;
}
