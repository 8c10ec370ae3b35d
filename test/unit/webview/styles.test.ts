import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const WEBVIEW = new URL('../../../webview/', import.meta.url);
const sheets = readdirSync(WEBVIEW, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
const css = sheets
  .map((f) => readFileSync(new URL(f, WEBVIEW), 'utf8'))
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\//g, '');

/** Literal colours that would ignore the user's theme (CONVENTIONS 14). */
const LITERAL_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])(?:white|black|red|green|blue|gray|grey|yellow|orange)(?![\w-])/i;

describe('webview stylesheets', () => {
  it('are found, so the checks below have something to check', () => {
    expect(sheets).toEqual(expect.arrayContaining(['styles.css', 'chat.css']));
    expect(css).toContain('var(--vscode-foreground)');
  });

  it('uses colours only through --vscode-* variables', () => {
    const offending = css
      .split(/[;{}]/)
      .map((d) => d.trim())
      // Only declaration values: selectors and property names such as `white-space` are not colours.
      .filter((d) => /^[\w-]+\s*:/.test(d) && LITERAL_COLOUR.test(d.slice(d.indexOf(':') + 1)));
    expect(offending).toEqual([]);
  });

  it('reads every custom property from the --vscode-* namespace', () => {
    const foreign = [...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]).filter((name) => !name?.startsWith('--vscode-'));
    expect(foreign).toEqual([]);
  });
});
