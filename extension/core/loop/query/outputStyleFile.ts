/**
 * An output style file (docs/ARCHITECTURE.md, Output styles), as Claude Code reads `output-styles/*.md`:
 * optional front matter with `name` (the file's name without `.md` when absent), `description` (else the
 * body's first line) and `keep-coding-instructions` (false when absent); the body is the text added to the
 * system prompt. A plugin's style is `<plugin>:<name>`. A file that does not fit is a `ConfigProblem` with its
 * line, never an exception.
 */
import type { ConfigProblem } from '../../base/configProblems';
import { FrontMatterError, frontBoolean, frontString, parseFrontMatter } from '../../base/text/frontMatter';
import { DEFAULT_OUTPUT_STYLE, type OutputStyle, type OutputStyleSource } from '../../contracts/outputStyles';

export type OutputStyleFileResult = { ok: true; style: OutputStyle } | { ok: false; problem: ConfigProblem };

export interface OutputStyleFileInfo {
  /** Absolute, for the problem and the style's `path`. */
  path: string;
  /** The file's name (`concise.md`): the style's name when the front matter has none. */
  fileName: string;
  source: Exclude<OutputStyleSource, 'builtin'>;
  /** A plugin's name: the style is `<namespace>:<name>`. */
  namespace?: string;
}

const MAX_NAME = 100;
const MAX_DESCRIPTION = 300;

function firstLine(body: string): string | undefined {
  const line = body
    .split('\n')
    .map((l) => l.trim().replace(/^#+\s*/, ''))
    .find((l) => l !== '');
  return line && line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}

/** One style file's `OutputStyle`, or the problem that names its file and line. */
export function parseOutputStyleFile(text: string, info: OutputStyleFileInfo): OutputStyleFileResult {
  const problem = (line: number, message: string): OutputStyleFileResult => ({ ok: false, problem: { kind: 'outputStyle', path: info.path, line, message } });
  const parsed = parseFrontMatter(text);
  if (!parsed.ok) return problem(parsed.line, parsed.message);
  const fm = parsed.value;
  try {
    const base = (frontString(fm, 'name') ?? info.fileName.replace(/\.md$/i, '')).trim();
    const nameLine = fm.keyLines.name ?? 0;
    if (!base || base.length > MAX_NAME || /[\r\n]/.test(base)) return problem(nameLine, `name must be one line of 1 to ${MAX_NAME} characters`);
    if (base.toLowerCase() === DEFAULT_OUTPUT_STYLE && !info.namespace) return problem(nameLine, `"${base}" is the built-in style that changes nothing; give this style another name`);
    const body = fm.body.trim();
    if (!body) return problem(fm.bodyLine, 'the style has no instructions: write them after the front matter');
    const keep = frontBoolean(fm, 'keep-coding-instructions') ?? false;
    const description = frontString(fm, 'description')?.trim() || firstLine(body) || 'Custom output style';
    const style: OutputStyle = {
      name: info.namespace ? `${info.namespace}:${base}` : base,
      description,
      prompt: body,
      keepCodingInstructions: keep,
      source: info.source,
      path: info.path,
    };
    return { ok: true, style };
  } catch (err) {
    if (err instanceof FrontMatterError) return problem(err.line, err.message);
    throw err;
  }
}
