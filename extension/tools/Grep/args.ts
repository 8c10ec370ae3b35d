/**
 * Grep input → ripgrep arguments. rg is spawned without a shell, so nothing here is quoted; the pattern
 * and the path come after `--`, so neither can be read as a flag.
 */

export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

/** The input fields that shape the rg command line (Claude Code's names, flags included). */
export interface GrepArgsInput {
  pattern: string;
  glob?: string | undefined;
  output_mode?: GrepOutputMode | undefined;
  '-B'?: number | undefined;
  '-A'?: number | undefined;
  '-C'?: number | undefined;
  context?: number | undefined;
  '-n'?: boolean | undefined;
  '-i'?: boolean | undefined;
  '-o'?: boolean | undefined;
  type?: string | undefined;
  multiline?: boolean | undefined;
}

/** Longer lines are replaced by rg's "[Omitted long line ...]": minified bundles would flood the context. */
export const MAX_COLUMNS = 500;

/** Hidden files are searched (dotfiles hold real config), but version-control internals never are. */
export const VCS_DIRECTORIES = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] as const;

/**
 * Splits the `glob` field into rg globs: whitespace or commas separate patterns, except inside braces,
 * where a comma belongs to the alternation ("*.{ts,tsx}" stays one glob).
 */
export function splitGlobs(glob: string): string[] {
  const out: string[] = [];
  for (const part of glob.split(/\s+/).filter(Boolean)) {
    if (part.includes('{')) out.push(part);
    else out.push(...part.split(',').filter(Boolean));
  }
  return out;
}

/** "**\/*.ts" and "*.ts" filter by file name alone; "src/*.ts" does not (undefined). */
function nameOnly(glob: string): string | undefined {
  const name = glob.replace(/^(\*\*\/)+/, '');
  return name.includes('/') ? undefined : name;
}

/**
 * rg's `--glob` is an override: a file it names is searched even when .gitignore ignores it. File types are
 * checked after the ignore rules, so name-only globs become a type instead. A glob with folders in it, or a
 * `type` given too (types are OR-ed, a filter must narrow), keeps `--glob`; exclusions ("!*.min.js") always
 * do, as they can only hide files.
 */
function globArgs(globs: readonly string[], hasType: boolean): string[] {
  const include = globs.filter((g) => !g.startsWith('!'));
  const names = include.map(nameOnly);
  const asType = !hasType && include.length > 0 && names.every((n) => n !== undefined);
  const args: string[] = [];
  if (asType) {
    for (const name of names) args.push('--type-add', `cwglob:${name}`);
    args.push('--type', 'cwglob');
  }
  for (const glob of globs) if (!asType || glob.startsWith('!')) args.push('--glob', glob);
  return args;
}

/**
 * The rg arguments for `input`, searching `searchPath` (relative to rg's cwd, or absolute; several for a
 * multi-root workspace). `nullAfterPath` makes content lines `path\0rest`, so a caller can tell each line's
 * file apart whatever its name holds (Grep does when permission rules hide files).
 */
export function buildRipgrepArgs(input: GrepArgsInput, searchPath: string | readonly string[], opts: { nullAfterPath?: boolean } = {}): string[] {
  const paths = typeof searchPath === 'string' ? [searchPath] : searchPath;
  const mode = input.output_mode ?? 'files_with_matches';
  // No user config (it could add colours, headings or --files); paths always printed so every line parses.
  const args = ['--no-config', '--hidden', '--max-columns', String(MAX_COLUMNS), '--no-heading', '--with-filename'];
  for (const dir of VCS_DIRECTORIES) args.push('--glob', `!${dir}`);
  if (input['-i']) args.push('--ignore-case');
  if (input.multiline) args.push('--multiline', '--multiline-dotall');
  if (input.type) args.push('--type', input.type);
  args.push(...globArgs(input.glob ? splitGlobs(input.glob) : [], input.type !== undefined));

  if (mode === 'files_with_matches') {
    // NUL after each path: a file name holding a newline cannot split into two results.
    args.push('--files-with-matches', '--null');
  } else if (mode === 'count') {
    args.push('--count', '--null');
  } else {
    args.push(input['-n'] === false ? '--no-line-number' : '--line-number');
    if (opts.nullAfterPath) args.push('--null');
    if (input['-o']) args.push('--only-matching');
    const around = input.context ?? input['-C'];
    if (around !== undefined) args.push('--context', String(around));
    // -B/-A after -C: rg lets the later, more specific flag win for its side.
    if (input['-B'] !== undefined) args.push('--before-context', String(input['-B']));
    if (input['-A'] !== undefined) args.push('--after-context', String(input['-A']));
  }

  if (input.pattern.startsWith('-')) args.push('--regexp', input.pattern, '--', ...paths);
  else args.push('--', input.pattern, ...paths);
  return args;
}
