/**
 * README.md is the full guide (the repository's page): it must name every contributed command (palette title
 * and id) and setting (with its default), nothing package.json does not contribute, and link only to files
 * inside the repository. MARKETPLACE.md is the page `npm run package` ships in the .vsix (the Extensions view
 * shows it): for users of the package, so it names only real commands and ids and tells nobody to build or
 * test anything. The checks are pure functions over text, each also run on a broken input so it is known to bite.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, { default?: unknown }> };
    keybindings: { command: string; key: string; mac?: string }[];
  };
}

const ROOT = path.resolve(__dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-test', 'test-results', '.vscode-test', '.codewright-dev', 'coverage']);
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const pkg = JSON.parse(read('package.json')) as Manifest & { scripts: Record<string, string> };
const readme = read('README.md');
const marketplace = read('MARKETPLACE.md');

/** Context keys the extension sets (`setContext`): a README may name them for users' own `when` clauses. */
const CONTEXT_KEYS = ['codewright.busy', 'codewright.permissionMode', 'codewright.hasApiKey', 'codewright.hasChanges', 'codewright.reviewPending'];
/** Names that look like ids but are files. */
const FILE_NAMES = ['codewright.vsix'];

/** `ctrl+alt+y` → `Ctrl+Alt+Y`, as the README writes keys. */
const keyLabel = (key: string) => key.replace(/\b\w/g, (ch) => ch.toUpperCase());

/** What README.md gets wrong about the manifest: missing commands, titles, keys, settings, defaults, unknown ids. */
export function readmeProblems(text: string, manifest: Manifest, contextKeys: readonly string[]): string[] {
  const problems: string[] = [];
  const rowOf = (id: string) => text.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${id}\``));
  const { commands, keybindings, configuration } = manifest.contributes;
  for (const c of commands) {
    const row = rowOf(c.command);
    if (!row) problems.push(`no table row for command ${c.command}`);
    else if (!row.includes(`| ${c.title} |`)) problems.push(`row of ${c.command} lacks its title "${c.title}"`);
  }
  for (const k of keybindings) {
    const row = rowOf(k.command) ?? '';
    for (const key of [k.key, k.mac].filter((x): x is string => !!x)) {
      if (!row.includes(keyLabel(key))) problems.push(`row of ${k.command} lacks its key ${keyLabel(key)}`);
    }
  }
  for (const [id, spec] of Object.entries(configuration.properties)) {
    const row = rowOf(id);
    const shown = spec.default === '' ? 'empty' : `\`${JSON.stringify(spec.default).replace(/^"|"$/g, '')}\``;
    if (!row) problems.push(`no table row for setting ${id}`);
    else if (!row.includes(`| ${shown} |`)) problems.push(`row of ${id} lacks its default ${shown}`);
  }
  return [...problems, ...unknownIds(text, manifest, contextKeys)];
}

/** Every codewright.<id> the text names that package.json does not contribute (nor the extension set as a context key). */
function unknownIds(text: string, manifest: Manifest, contextKeys: readonly string[]): string[] {
  const { commands, configuration } = manifest.contributes;
  const known = new Set([...commands.map((c) => c.command), ...Object.keys(configuration.properties), ...contextKeys, ...FILE_NAMES]);
  // In backticks or not; `codewright.permissions.*` is a family, not an id.
  return [...text.matchAll(/(?<![\w/@.-])codewright\.[A-Za-z][\w.]*(\*?)/g)].flatMap((m) => {
    const id = m[0].replace(/\.+$/, '');
    return !m[1] && !known.has(id) ? [`names ${id}, which package.json does not contribute`] : [];
  });
}

/** The sections a user of the package needs, in MARKETPLACE.md. */
const MARKETPLACE_SECTIONS = ['## Install', '## Set the API key', '## Providers', '## Restricted Mode'];

/**
 * What MARKETPLACE.md gets wrong as the package's page: an id or a palette command (`**Codewright: Title**`)
 * package.json does not contribute, a missing section or screenshot, and instructions for contributors (build,
 * test, this repository), which belong in CONTRIBUTING.md.
 */
export function marketplaceProblems(text: string, manifest: Manifest, contextKeys: readonly string[]): string[] {
  const titles = new Set(manifest.contributes.commands.map((c) => c.title));
  const problems = unknownIds(text, manifest, contextKeys);
  for (const m of text.matchAll(/\*\*Codewright: ([^*]+)\*\*/g)) {
    if (!titles.has(m[1] ?? '')) problems.push(`runs "Codewright: ${m[1] ?? ''}", which package.json does not contribute`);
  }
  for (const section of MARKETPLACE_SECTIONS) if (!text.split('\n').includes(section)) problems.push(`has no "${section}" section`);
  if (!/!\[[^\]]+\]\(media\/[\w-]+\.png\)/.test(text)) problems.push('shows no screenshot from media/');
  for (const m of text.matchAll(/\b(npm (?:ci|test|start|install|run [\w:-]+)|npx \w+|this repository)\b/g)) problems.push(`tells contributors "${m[1] ?? ''}"`);
  if (text.split('\n').includes('## Develop')) problems.push('tells contributors "## Develop"');
  return problems;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown without fenced code blocks and code spans, where `[x](y)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
}

function anchorsOf(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => slug(m[1] ?? '')));
}

/**
 * Broken links of one document: inline links and images, reference definitions and HTML href/src. A link
 * must stay inside `root`, name a file that exists, and an `#anchor` into a Markdown file must be a heading.
 */
export function linkProblems(docPath: string, markdown: string, root: string, readText: (file: string) => string | undefined): string[] {
  const text = prose(markdown);
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]),
  ].filter((t): t is string => !!t);
  const problems: string[] = [];
  for (const target of targets) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [file = '', anchor] = target.split('#');
    const resolved = file ? path.resolve(path.dirname(docPath), decodeURIComponent(file)) : docPath;
    if (resolved !== root && !resolved.startsWith(root + path.sep)) {
      problems.push(`${target}: outside the repository`);
      continue;
    }
    const content = readText(resolved);
    if (content === undefined) problems.push(`${target}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(content).has(anchor)) problems.push(`${target}: no heading #${anchor}`);
  }
  return problems;
}

/** A file's text, `''` for a folder, undefined when nothing is there. */
function readIfExists(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  return statSync(file).isDirectory() ? '' : readFileSync(file, 'utf8');
}

/** Every file of the repository under `dir` whose name matches, outside dependencies and build output. */
function filesUnder(dir: string, match: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, match);
    return match.test(name) ? [full] : [];
  });
}

describe('README.md', () => {
  it('lists every contributed command with its palette title and keys, and every setting with its default', () => {
    expect(readmeProblems(readme, pkg, CONTEXT_KEYS)).toEqual([]);
    expect(readme).toContain('## Develop');
  });

  it('names only context keys the extension sets', () => {
    const source = filesUnder(path.join(ROOT, 'extension'), /\.ts$/)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(CONTEXT_KEYS.filter((key) => !source.includes(`'${key}'`))).toEqual([]);
  });

  it('reports a command, a title, a key, a setting or a default when the README lost it', () => {
    const lines = readme.split('\n');
    const without = (needle: string) => lines.filter((l) => !l.includes(needle)).join('\n');
    const retitled = readme.replace('| Open Chat |', '| Open The Chat |');
    const rebound = readme.replace('`Ctrl+Alt+I`', '`Ctrl+Alt+K`');
    const redefaulted = readme.replace('| `codewright.maxTokens` | `0` |', '| `codewright.maxTokens` | `8192` |');
    expect(readmeProblems(without('`codewright.reviewChanges`'), pkg, CONTEXT_KEYS)).toEqual(['no table row for command codewright.reviewChanges']);
    expect(readmeProblems(retitled, pkg, CONTEXT_KEYS)).toEqual(['row of codewright.openChat lacks its title "Open Chat"']);
    expect(readmeProblems(rebound, pkg, CONTEXT_KEYS)).toEqual(['row of codewright.openChat lacks its key Ctrl+Alt+I']);
    expect(readmeProblems(without('`codewright.diffReview.focus`'), pkg, CONTEXT_KEYS)).toEqual(['no table row for setting codewright.diffReview.focus']);
    expect(readmeProblems(redefaulted, pkg, CONTEXT_KEYS)).toEqual(['row of codewright.maxTokens lacks its default `0`']);
  });

  it('reports an id package.json does not contribute when the README names one, in backticks or not', () => {
    const named = `${readme}\nRun \`codewright.frobnicate\`, or set codewright.temperature. Files: codewright.vsix, codewright.permissions.*.`;
    expect(readmeProblems(named, pkg, CONTEXT_KEYS)).toEqual([
      'names codewright.frobnicate, which package.json does not contribute',
      'names codewright.temperature, which package.json does not contribute',
    ]);
  });
});

describe('MARKETPLACE.md', () => {
  it('is the page npm run package ships, packaging with Node alone', () => {
    // Links stay relative, so the Extensions view opens the screenshot and docs shipped in the package itself.
    expect(pkg.scripts.package).toContain('vsce package --no-dependencies --no-rewrite-relative-links --readme-path MARKETPLACE.md');
    // Only npm packages: the system packages of the test suite (Chromium, headers) are not needed to package.
    expect(pkg.scripts.package).toContain('ensure-deps.mjs --npm-only');
  });

  it('links only to files the package ships (.vscodeignore), since the page is read inside the editor', () => {
    const shipped = read('.vscodeignore').split('\n').filter((l) => l.startsWith('!')).map((l) => l.slice(1).trim());
    const ships = (file: string) => shipped.some((g) => (g.endsWith('/**') ? file.startsWith(g.slice(0, -2)) : g === file));
    const targets = [...prose(marketplace).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(1);
    expect(targets.filter((t) => !ships(t))).toEqual([]);
  });

  it('tells a user what it does, how to install it, set the key, pick a provider and what Restricted Mode holds back', () => {
    expect(marketplaceProblems(marketplace, pkg, CONTEXT_KEYS)).toEqual([]);
  });

  it('reports an unknown command or id, a missing section or screenshot, and contributor instructions', () => {
    const broken = [
      '# Codewright',
      'Run **Codewright: Frobnicate** or set `codewright.temperature`; **Codewright: Set API Key** is real.',
      '## Install',
      'Clone this repository, then `npm run package` and `npx vsce ls`.',
      '## Develop',
    ].join('\n');
    expect(marketplaceProblems(broken, pkg, CONTEXT_KEYS)).toEqual([
      'names codewright.temperature, which package.json does not contribute',
      'runs "Codewright: Frobnicate", which package.json does not contribute',
      'has no "## Set the API key" section',
      'has no "## Providers" section',
      'has no "## Restricted Mode" section',
      'shows no screenshot from media/',
      'tells contributors "this repository"',
      'tells contributors "npm run package"',
      'tells contributors "npx vsce"',
      'tells contributors "## Develop"',
    ]);
  });
});

describe('the repository’s documents', () => {
  const docs = filesUnder(ROOT, /\.md$/);

  it('include the README, the contributor guide and the architecture and tools references', () => {
    const names = docs.map((d) => path.relative(ROOT, d));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/ARCHITECTURE.md', 'docs/TOOLS.md']));
  });

  it('link only to files and headings that exist inside the repository', () => {
    const broken = docs.flatMap((doc) => linkProblems(doc, readFileSync(doc, 'utf8'), ROOT, readIfExists).map((p) => `${path.relative(ROOT, doc)}: ${p}`));
    expect(broken).toEqual([]);
  });

  it('reports a link outside the repository, to a missing file or to a missing heading', () => {
    const doc = path.join(ROOT, 'CONTRIBUTING.md');
    const text = [
      'See [sibling](../sibling/NOTES.md), [gone](docs/GONE.md), [bad anchor](docs/ARCHITECTURE.md#no-such-heading),',
      '[ok](docs/ARCHITECTURE.md#layers), [web](https://example.com/x), <img src="media/missing.png">, `[code](../x)`.',
      '',
      '[ref]: ../outside.md',
    ].join('\n');
    expect(linkProblems(doc, text, ROOT, readIfExists)).toEqual([
      '../sibling/NOTES.md: outside the repository',
      'docs/GONE.md: no such file',
      'docs/ARCHITECTURE.md#no-such-heading: no heading #no-such-heading',
      '../outside.md: outside the repository',
      'media/missing.png: no such file',
    ]);
  });

  it('makes GitHub’s anchors from headings when they hold code and punctuation', () => {
    expect(slug('How to add a test')).toBe('how-to-add-a-test');
    expect(slug('The `Tool` contract')).toBe('the-tool-contract');
    expect(slug('Host and webview: the protocol')).toBe('host-and-webview-the-protocol');
  });
});

describe('the repository’s files', () => {
  it('cite no document outside the repository', () => {
    const outside = /\.\.\/shared\/(docs|seeds)|(?<![\w/])(DESIGN|TESTING|CONVENTIONS)\.md|\bDESIGN §|(?<!docs\/)(?<!\]\()(?<![\w/])TOOLS\.md/;
    const offenders = filesUnder(ROOT, /\.(ts|tsx|mjs|cjs|js|sh|md|json|css)$/)
      .filter((file) => file !== __filename && !file.endsWith('package-lock.json'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (outside.test(line) ? [`${path.relative(ROOT, file)}:${String(i + 1)}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
