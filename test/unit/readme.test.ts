import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Manifest {
  contributes: {
    commands: { command: string; title: string }[];
    configuration: { properties: Record<string, { default?: unknown }> };
    keybindings: { command: string; key: string }[];
  };
}

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const commands = pkg.contributes.commands;
const settings = Object.keys(pkg.contributes.configuration.properties);
/** Context keys the extension sets (`setContext`): a README may name them for users' own `when` clauses. */
const CONTEXT_KEYS = ['codewright.busy', 'codewright.permissionMode', 'codewright.hasApiKey', 'codewright.hasChanges', 'codewright.reviewPending'];

/** The README's table row for an id: `| Title | \`id\` | notes |`. */
const rowOf = (id: string) => readme.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${id}\``));

describe('README.md', () => {
  it('lists every contributed command with its palette title, and every keybinding', () => {
    for (const c of commands) {
      expect(rowOf(c.command), `no row for ${c.command}`).toBeDefined();
      expect(rowOf(c.command), c.command).toContain(`| ${c.title} |`);
    }
    for (const k of pkg.contributes.keybindings) {
      const key = k.key.replace(/\b\w/g, (ch) => ch.toUpperCase());
      expect(rowOf(k.command), `keybinding of ${k.command}`).toContain(key);
    }
  });

  it('lists every setting with its default', () => {
    for (const id of settings) {
      const row = rowOf(id);
      expect(row, `no row for ${id}`).toBeDefined();
      const value = pkg.contributes.configuration.properties[id]?.default;
      const shown = value === '' ? 'empty' : `\`${JSON.stringify(value).replace(/^"|"$/g, '')}\``;
      expect(row, id).toContain(shown);
    }
  });

  it('names no codewright.* id that package.json does not contribute', () => {
    const known = new Set([...commands.map((c) => c.command), ...settings, ...CONTEXT_KEYS]);
    const named = [...readme.matchAll(/`(codewright\.[\w.]+)`/g)].map((m) => m[1] ?? '');
    expect(named.length).toBeGreaterThan(commands.length);
    expect(named.filter((id) => !known.has(id))).toEqual([]);
  });
});

/** Every Markdown file of the repository, outside dependencies and build output. */
function markdownFiles(dir = ROOT): string[] {
  const skip = new Set(['node_modules', '.git', 'dist', 'dist-test', 'test-results', '.vscode-test', '.codewright-dev']);
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (skip.has(name)) return [];
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

describe('the repository’s documents', () => {
  const docs = markdownFiles();

  it('include the contributor guide and the architecture and tools references', () => {
    const names = docs.map((d) => path.relative(ROOT, d));
    expect(names).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/ARCHITECTURE.md', 'docs/TOOLS.md']));
  });

  it('link only to files that exist inside the repository', () => {
    const broken: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(doc, 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(path.dirname(doc), target);
        if (!resolved.startsWith(ROOT + path.sep) || !existsSync(resolved)) broken.push(`${path.relative(ROOT, doc)} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the repository’s files', () => {
  it('cite no document outside the repository', () => {
    const outside = /\.\.\/shared\/(docs|seeds)|(?<![\w/])(DESIGN|TESTING|CONVENTIONS)\.md|\bDESIGN §|(?<!docs\/)(?<!\]\()(?<![\w/])TOOLS\.md/;
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        if (['node_modules', '.git', 'dist', 'dist-test', 'test-results', '.vscode-test', '.codewright-dev'].includes(name)) continue;
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.(ts|tsx|mjs|cjs|js|sh|md|json|css)$/.test(name) && !name.endsWith('package-lock.json')) {
          readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (outside.test(line) && full !== __filename) offenders.push(`${path.relative(ROOT, full)}:${String(i + 1)}: ${line.trim()}`);
            });
        }
      }
    };
    walk(ROOT);
    expect(offenders).toEqual([]);
  });
});
