/**
 * Skills: `.claude/skills/<name>/SKILL.md` and `~/.claude/skills/<name>/SKILL.md` (docs/ARCHITECTURE.md,
 * Slash commands and skills), as Claude Code reads them. The front matter gives `name` (else the folder's
 * name), `description` (required: it is what the model sees to decide when to load the skill) and
 * `allowed-tools`, `context` (`fork` runs it in a fork of the conversation), plus the command fields. Each
 * skill is a `PromptCommand`, so it is also the slash command `/name`; its prompt starts with the skill's
 * folder, so the files beside SKILL.md are reachable by path.
 */
import type { ConfigProblem } from '../../base/configProblems';
import { commonFields } from '../commands/promptFile';
import { makePromptCommand } from '../commands/promptCommand';
import type { PromptCommand } from '../../contracts/commands';
import { FrontMatterError, frontString, parseFrontMatter, type FrontMatter } from '../../base/text/frontMatter';

export type SkillFileResult = { ok: true; skill: PromptCommand } | { ok: false; problem: ConfigProblem };

/** A skill name: letters, digits, `.`, `_` and `-`, at most 64 characters (it is typed after `/`). */
const SKILL_NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

export interface SkillFileInfo {
  /** The SKILL.md file, absolute. */
  path: string;
  /** The skill's folder, absolute. */
  directory: string;
  /** The folder's own name, the default skill name. */
  folderName: string;
  source: 'user' | 'project' | 'plugin';
  /** A plugin's name: the skill is `<namespace>:<name>` (docs/ARCHITECTURE.md, Plugins). */
  namespace?: string;
}

/** `context: fork` runs the skill in a fork of the conversation; `inline` (the default) in the conversation itself. */
function skillContext(fm: FrontMatter): 'inline' | 'fork' | undefined {
  const value = frontString(fm, 'context')?.trim();
  if (value === undefined || value === 'inline' || value === 'fork') return value;
  throw new FrontMatterError(fm.keyLines.context ?? 1, `context must be "inline" or "fork", not "${value}"`);
}

/** The skill's `PromptCommand`, or the problem that names its SKILL.md and line. */
export function parseSkillFile(text: string, info: SkillFileInfo): SkillFileResult {
  const problem = (line: number, message: string): SkillFileResult => ({ ok: false, problem: { kind: 'skill', path: info.path, line, message } });
  const parsed = parseFrontMatter(text);
  if (!parsed.ok) return problem(parsed.line, parsed.message);
  const fm = parsed.value;
  if (!fm.present) return problem(1, 'no front matter: start SKILL.md with a "---" block holding at least a description');
  try {
    const name = frontString(fm, 'name') || info.folderName;
    if (!SKILL_NAME.test(name)) {
      return problem(fm.keyLines.name ?? 0, `the skill name "${name}" must be letters, digits, ".", "_" or "-", at most 64 characters`);
    }
    const description = frontString(fm, 'description')?.trim();
    if (!description) return problem(fm.keyLines.description ?? 1, 'description is required: say what the skill does and when to use it');
    const body = fm.body.trim();
    if (body === '') return problem(fm.bodyLine, "the skill has no instructions: write them after the front matter");
    const skill = makePromptCommand({
      name: info.namespace ? `${info.namespace}:${name}` : name,
      description,
      body,
      preamble: `Base directory for this skill: ${info.directory}`,
      source: info.source,
      loadedFrom: info.path,
      ...commonFields(fm),
    });
    const context = skillContext(fm);
    return { ok: true, skill: { ...skill, whenToUse: description, isSkill: true, ...(context ? { context } : {}) } };
  } catch (err) {
    if (err instanceof FrontMatterError) return problem(err.line, err.message);
    throw err;
  }
}
