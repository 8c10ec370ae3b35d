/**
 * Reads the user's and the project's custom slash commands (`.claude/commands/**\/*.md`) and skills
 * (`.claude/skills/<name>/SKILL.md`), from `~/.claude/` and `<cwd>/.claude/` (docs/ARCHITECTURE.md, Slash
 * commands and skills). Project overrides user by name, and a command file overrides a skill of the same
 * name and source. A file that cannot be read or parsed becomes a `ConfigProblem` naming it and its line;
 * the others still load. A folder that does not exist or cannot be read defines nothing. Small enough to
 * read again at the start of every turn, as agent files are (agentFiles.ts), so no watcher is needed.
 * The project's files wait for workspace trust (`trusted`): an untrusted folder's commands and skills are
 * not offered, so neither a slash command nor the Skill tool can run what the repository wrote.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandLoader } from '../../core/contracts/commands';
import type { Command, PromptCommand } from '../../core/contracts/commands';
import { parseCommandFile } from '../../core/loop/commands/promptFile';
import { formatConfigProblem, type ConfigProblem } from '../../core/base/configProblems';
import type { Logger } from '../../core/contracts/settings';
import { parseSkillFile } from '../../core/loop/skills/skillFile';

export interface LoadedCommandFiles {
  /** Every command from files, skills included (each skill is also `/name`), sorted by name. */
  commands: Command[];
  /** The skills among them, sorted by name (for the system prompt and the Skill tool). */
  skills: PromptCommand[];
  problems: ConfigProblem[];
}

type Source = 'user' | 'project';

/** Where the files are; `trusted` false leaves out the project's (`<cwd>/.claude/`). Absent: trusted (the CLI). */
export interface CommandFileLocations {
  cwd: string;
  homeDir: string;
  trusted?: () => boolean;
}

/** Deep enough for `a/b/c/name.md`; deeper trees are not commands anyone types. */
const MAX_DEPTH = 4;

async function entries(dir: string) {
  try {
    return (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // no such folder, or not readable: nothing defined there
  }
}

/** Every `.md` file under `root`, as paths relative to it; dot-folders are skipped. */
async function markdownFiles(root: string, rel = '', depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await entries(path.join(root, rel))) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory() && !entry.name.startsWith('.') && depth < MAX_DEPTH) out.push(...(await markdownFiles(root, child, depth + 1)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) out.push(child);
  }
  return out;
}

async function readText(file: string, kind: ConfigProblem['kind'], problems: ConfigProblem[]): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    problems.push({ kind, path: file, line: 0, message: `cannot be read (${err instanceof Error ? err.message : String(err)})` });
    return undefined;
  }
}

async function readCommands(root: string, source: Source, problems: ConfigProblem[]): Promise<PromptCommand[]> {
  const out: PromptCommand[] = [];
  for (const relativePath of await markdownFiles(root)) {
    const file = path.join(root, relativePath);
    const text = await readText(file, 'command', problems);
    if (text === undefined) continue;
    const result = parseCommandFile(text, { path: file, relativePath, source });
    if (result.ok) out.push(result.command);
    else problems.push(result.problem);
  }
  return out;
}

async function readSkills(root: string, source: Source, problems: ConfigProblem[]): Promise<PromptCommand[]> {
  const out: PromptCommand[] = [];
  for (const entry of await entries(root)) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const directory = path.join(root, entry.name);
    const file = path.join(directory, 'SKILL.md');
    const names = (await entries(directory)).map((e) => e.name);
    if (!names.includes('SKILL.md')) continue; // a folder of assets, not a skill
    const text = await readText(file, 'skill', problems);
    if (text === undefined) continue;
    const result = parseSkillFile(text, { path: file, directory, folderName: entry.name, source });
    if (result.ok) out.push(result.skill);
    else problems.push(result.problem);
  }
  return out;
}

/** All command files and skills of the user and the project; never throws. */
export async function loadCommandFiles(opts: CommandFileLocations): Promise<LoadedCommandFiles> {
  const problems: ConfigProblem[] = [];
  const dirs = (base: string) => ({ commands: path.join(base, '.claude', 'commands'), skills: path.join(base, '.claude', 'skills') });
  const user = dirs(opts.homeDir);
  const project = dirs(opts.cwd);
  const trusted = opts.trusted?.() ?? true;
  const layers = [
    await readSkills(user.skills, 'user', problems),
    await readCommands(user.commands, 'user', problems),
    trusted ? await readSkills(project.skills, 'project', problems) : [],
    trusted ? await readCommands(project.commands, 'project', problems) : [],
  ];
  // Later layers win by name: project over user, and a command file over a skill of the same source.
  const byName = new Map<string, PromptCommand>();
  for (const layer of layers) for (const command of layer) byName.set(command.name, command);
  const commands = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const skillSet = new Set([...layers[0]!, ...layers[2]!]);
  return { commands, skills: commands.filter((c) => skillSet.has(c)), problems };
}

/**
 * The host's command files: read again at the start of every turn (a few small folders), so a file added,
 * changed or removed counts from the next turn. Each distinct problem is logged once, not on every turn;
 * every read still returns all current problems for the chat view's list.
 */
export function commandFilesReader(opts: CommandFileLocations, log: Logger): () => Promise<LoadedCommandFiles> {
  const reported = new Set<string>();
  return async () => {
    try {
      const loaded = await loadCommandFiles(opts);
      for (const problem of loaded.problems) {
        const text = formatConfigProblem(problem);
        if (reported.has(text)) continue;
        reported.add(text);
        log.warn(`${problem.kind === 'skill' ? 'Skill' : 'Command file'} skipped: ${text}`);
      }
      return loaded;
    } catch (err) {
      log.warn(`Could not read command files: ${String(err)}`);
      return { commands: [], skills: [], problems: [] };
    }
  };
}

/** The command files and skills as a registry loader (core/loop/commands/registry.ts), read on every refresh. */
export function fileCommandLoader(cwd: string, homeDir: string, trusted?: () => boolean): CommandLoader {
  return async () => {
    const loaded = await loadCommandFiles({ cwd, homeDir, ...(trusted ? { trusted } : {}) });
    return { commands: loaded.commands, problems: loaded.problems };
  };
}
