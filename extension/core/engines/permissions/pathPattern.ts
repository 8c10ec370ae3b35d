/**
 * Gitignore-style path patterns for `Read(...)` / `Edit(...)` rules, matched against a path relative to the
 * pattern's anchor folder, always with `/` separators. Hand-written (no matcher dependency) because the
 * semantics are small and fixed:
 *
 * - `*` any characters but `/`; `?` one character but `/`; `[abc]`, `[!a-z]` classes; `{a,b}` alternatives.
 * - `**` as a whole segment spans any number of folders: `**\/x` (x at any depth), `a/**` (everything in a),
 *   `a/**\/b`.
 * - A pattern without a `/` (other than a trailing one) matches at any depth, like `.gitignore`: `*.env` is
 *   `**\/*.env`. One with a `/` is anchored at the anchor folder: `src/*.ts` does not match `lib/src/a.ts`.
 * - A pattern that matches a folder matches everything inside it (`secrets` covers `secrets/key.pem`), and
 *   `a/**` matches `a` itself, so a search rooted at a denied folder is refused too.
 */

export interface CompiledPathPattern {
  /** `relPath` is relative to the anchor, `/`-separated, no leading `/`; `''` is the anchor itself. */
  matches(relPath: string): boolean;
}

export interface PathPatternOptions {
  /** Anchor the pattern at the root even without a `/` (patterns written as `/x`, `//x`, `~/x`). */
  anchored?: boolean;
  caseInsensitive?: boolean;
}

const REGEX_SPECIAL = /[.+^$()|\\]/;

/** One path segment's glob (no `/` in it) as a regex source. */
function segmentToRegex(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) {
      out += escapeChar(segment[++i]!);
    } else if (c === '*') {
      out += '[^/]*';
      while (segment[i + 1] === '*') i++;
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^/' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = end;
    } else if (c === '{') {
      const end = segment.indexOf('}', i + 1);
      if (end === -1) {
        out += '\\{';
        continue;
      }
      out += `(?:${segment.slice(i + 1, end).split(',').map(segmentToRegex).join('|')})`;
      i = end;
    } else {
      out += escapeChar(c);
    }
  }
  return out;
}

function escapeChar(c: string): string {
  return REGEX_SPECIAL.test(c) || c === '[' || c === ']' || c === '{' || c === '}' || c === '*' || c === '?' ? `\\${c}` : c;
}

/** Compiles `pattern` (already stripped of its `//`, `~/` or `/` anchor prefix). */
export function compilePathPattern(pattern: string, opts: PathPatternOptions = {}): CompiledPathPattern {
  let p = pattern.replace(/\\(?![*?[\]{}\\])/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  p = p.replace(/\/+$/, '');
  if (p === '' || p === '.') p = '**';
  const anchored = opts.anchored || p.includes('/') || p === '**';
  // `**/**` means what `**` means.
  const segments = (anchored ? p : `**/${p}`).split('/').filter((s, n, all) => s !== '' && !(s === '**' && all[n - 1] === '**'));
  let re = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      if (index === 0) re += last ? '.*' : '(?:.*/)?';
      else re += last ? '(?:/.*)?' : '(?:/.*)?/';
      return;
    }
    if (index > 0 && segments[index - 1] !== '**') re += '/';
    re += segmentToRegex(segment);
  });
  // Whatever matches a folder also matches what is inside it.
  const regex = new RegExp(`^${re}(?:/.*)?$`, opts.caseInsensitive ? 'i' : '');
  return { matches: (relPath) => regex.test(relPath) };
}
