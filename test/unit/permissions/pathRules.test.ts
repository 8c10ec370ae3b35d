import { describe, expect, it } from 'vitest';
import { matchingPathRule, pathRuleMatches, type PathRuleEnv } from '../../../extension/core/engines/permissions/filesystem';
import { compilePathPattern } from '../../../extension/core/engines/permissions/pathPattern';
import { getEmptyToolPermissionContext } from '../../../extension/core/contracts/permissions';

const matches = (pattern: string, rel: string, opts = {}) => compilePathPattern(pattern, opts).matches(rel);

describe('core/engines/permissions/pathPattern', () => {
  it('matches a pattern without a slash at any depth, like .gitignore', () => {
    // As in .gitignore, * matches a leading dot too: Read(*.env) covers .env itself.
    expect(matches('*.env', '.env')).toBe(true);
    expect(matches('*.env', 'prod.env')).toBe(true);
    expect(matches('*.env', 'config/prod.env')).toBe(true);
    expect(matches('.env', 'a/b/.env')).toBe(true);
    expect(matches('.env', 'a/b/.env.example')).toBe(false);
  });

  it('anchors a pattern with a slash at the root', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'lib/src/a.ts')).toBe(false);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('.env', 'a/.env', { anchored: true })).toBe(false);
    expect(matches('.env', '.env', { anchored: true })).toBe(true);
  });

  it('spans folders with ** at the start, the middle and the end', () => {
    expect(matches('**/.env', '.env')).toBe(true);
    expect(matches('**/.env', 'x/y/.env')).toBe(true);
    expect(matches('src/**', 'src/a/b/c.ts')).toBe(true);
    expect(matches('src/**', 'src')).toBe(true);
    expect(matches('src/**', 'srcx/a')).toBe(false);
    expect(matches('a/**/b.ts', 'a/b.ts')).toBe(true);
    expect(matches('a/**/b.ts', 'a/x/y/b.ts')).toBe(true);
    expect(matches('a/**/b.ts', 'a/x/y/c.ts')).toBe(false);
    expect(matches('**', 'anything/at/all')).toBe(true);
  });

  it('covers everything inside a matched folder', () => {
    expect(matches('secrets', 'secrets/key.pem')).toBe(true);
    // A trailing slash does not anchor (gitignore).
    expect(matches('secrets/', 'a/secrets/key.pem')).toBe(true);
    expect(matches('/secrets', 'a/secrets/key.pem', { anchored: true })).toBe(false);
    expect(matches('config/secrets', 'config/secrets/key.pem')).toBe(true);
  });

  it('supports ?, classes, negated classes and braces, and escapes regex characters', () => {
    expect(matches('file?.txt', 'file1.txt')).toBe(true);
    expect(matches('file?.txt', 'file10.txt')).toBe(false);
    expect(matches('[ab].ts', 'b.ts')).toBe(true);
    expect(matches('[!ab].ts', 'b.ts')).toBe(false);
    expect(matches('[!ab].ts', 'c.ts')).toBe(true);
    expect(matches('*.{ts,tsx}', 'x/a.tsx')).toBe(true);
    expect(matches('*.{ts,tsx}', 'x/a.js')).toBe(false);
    expect(matches('a+b(1).txt', 'a+b(1).txt')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });

  it('ignores case only when asked to', () => {
    expect(matches('*.ENV', 'prod.env')).toBe(false);
    expect(matches('*.ENV', 'prod.env', { caseInsensitive: true })).toBe(true);
  });
});

describe('core/engines/permissions/filesystem: rule anchors', () => {
  const env: PathRuleEnv = { workspaceRoots: ['/ws/app', '/ws/lib'], homeDir: '/home/me', caseInsensitive: false };

  it('anchors // at the filesystem root', () => {
    expect(pathRuleMatches('//etc/**', 'session', '/etc/passwd', env)).toBe(true);
    expect(pathRuleMatches('//etc/**', 'session', '/ws/app/etc/x', env)).toBe(false);
  });

  it('anchors ~/ at the home directory', () => {
    expect(pathRuleMatches('~/.ssh/**', 'projectSettings', '/home/me/.ssh/id_rsa', env)).toBe(true);
    expect(pathRuleMatches('~/.ssh/**', 'projectSettings', '/ws/app/.ssh/id_rsa', env)).toBe(false);
  });

  it('anchors / at the folder holding the settings: home for user settings, each workspace folder otherwise', () => {
    expect(pathRuleMatches('/src/**', 'localSettings', '/ws/app/src/a.ts', env)).toBe(true);
    expect(pathRuleMatches('/src/**', 'localSettings', '/ws/lib/src/a.ts', env)).toBe(true);
    expect(pathRuleMatches('/src/**', 'localSettings', '/ws/app/pkg/src/a.ts', env)).toBe(false);
    expect(pathRuleMatches('/notes/**', 'userSettings', '/home/me/notes/a.md', env)).toBe(true);
    expect(pathRuleMatches('/notes/**', 'userSettings', '/ws/app/notes/a.md', env)).toBe(false);
  });

  it('takes relative patterns from each workspace folder, never matching outside them', () => {
    expect(pathRuleMatches('src/**', 'cliArg', '/ws/app/src/a.ts', env)).toBe(true);
    expect(pathRuleMatches('./src/**', 'cliArg', '/ws/lib/src/a.ts', env)).toBe(true);
    expect(pathRuleMatches('*.env', 'userSettings', '/ws/app/config/prod.env', env)).toBe(true);
    expect(pathRuleMatches('*.env', 'userSettings', '/elsewhere/prod.env', env)).toBe(false);
  });

  it('finds the first matching rule of the family, whole-family rules covering every path', () => {
    const ctx = {
      ...getEmptyToolPermissionContext(),
      alwaysDenyRules: { session: ['Read(*.env)', 'Bash(cat:*)'], userSettings: ['Edit(docs/**)'] },
      alwaysAllowRules: { localSettings: ['Edit'] },
    };
    expect(matchingPathRule(ctx, ['Read'], 'deny', ['/ws/app/.env', '/ws/app/a.env'], env)?.ruleValue).toEqual({ toolName: 'Read', ruleContent: '*.env' });
    expect(matchingPathRule(ctx, ['Read'], 'deny', ['/ws/app/a.ts'], env)).toBeUndefined();
    expect(matchingPathRule(ctx, ['Edit'], 'deny', ['/ws/app/docs/x.md'], env)?.source).toBe('userSettings');
    expect(matchingPathRule(ctx, ['Edit'], 'allow', ['/anywhere'], env)?.ruleValue).toEqual({ toolName: 'Edit' });
  });

  it('needs an allow rule to cover every form of the path (a link cannot borrow an allowed name)', () => {
    const ctx = { ...getEmptyToolPermissionContext(), alwaysAllowRules: { session: ['Edit(docs/**)'] } };
    expect(matchingPathRule(ctx, ['Edit'], 'allow', ['/ws/app/docs/a.md'], env)).toBeDefined();
    expect(matchingPathRule(ctx, ['Edit'], 'allow', ['/ws/app/docs/a.md', '/etc/passwd'], env)).toBeUndefined();
  });
});
