/**
 * The Claude Agent SDK is a test-only dependency under Anthropic's proprietary license: it must never reach
 * what we ship. The built bundles hold none of it, package.json lists it among devDependencies only, and the
 * .vsix takes nothing from node_modules (.vscodeignore lists what it ships; `vsce package --no-dependencies`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
/** Strings only the SDK's own code holds: a source path (dev builds name each input) and one of its errors. */
const SDK_MARKS = ['@anthropic-ai/claude-agent-sdk/sdk.mjs', 'canUseTool callback cannot be used with permissionPromptToolName'];

function bundles(): string[] {
  const lazy = existsSync(path.join(DIST, 'lazy')) ? readdirSync(path.join(DIST, 'lazy')).filter((f) => f.endsWith('.js')).map((f) => path.join('lazy', f)) : [];
  return ['extension.js', 'cli.js', 'webview.js', ...lazy].filter((f) => existsSync(path.join(DIST, f)));
}

describe('the Claude Agent SDK as a test dependency', () => {
  it('is in no built bundle', () => {
    const files = bundles();
    expect(files).toContain('cli.js');
    expect(files).toContain('extension.js');
    const hits = files.flatMap((f) => {
      const text = readFileSync(path.join(DIST, f), 'utf8');
      return SDK_MARKS.filter((mark) => text.includes(mark)).map((mark) => `${f}: ${mark}`);
    });
    expect(hits).toEqual([]);
  });

  it('is a devDependency only, and the package ships nothing from node_modules', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(pkg['devDependencies']?.['@anthropic-ai/claude-agent-sdk']).toMatch(/^\d+\.\d+\.\d+$/);
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) {
      expect(Object.keys(pkg[field] ?? {})).not.toContain('@anthropic-ai/claude-agent-sdk');
    }
    const ignore = readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim());
    // Everything is left out ("**") but what is listed back with "!"; nothing listed back is under node_modules.
    expect(ignore[0]).toBe('**');
    expect(ignore.filter((l) => l.startsWith('!') && l.includes('node_modules'))).toEqual([]);
    expect(String((pkg['scripts'] as unknown as Record<string, string>)['package'])).toContain('--no-dependencies');
  });
});
