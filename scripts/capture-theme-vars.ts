/**
 * Reads the --vscode-* variables a real VS Code (code-server, as in the e2e tests) puts on the chat webview's
 * <html> in its four default themes, and writes those the webview uses (every `--vscode-*` named under
 * webview/) into the THEMES table of test/webview/theme.ts, which the webview tests' pages load. Run it when
 * the webview starts using a new variable or VS Code's themes change: `npx tsx scripts/capture-theme-vars.ts`
 * (about a minute: one code-server start per theme).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser';
import { REPO_ROOT, startCodeServer } from '../test/support/codeServer';

const THEMES = {
  dark: 'Default Dark Modern',
  light: 'Default Light Modern',
  'high-contrast': 'Default High Contrast',
  'high-contrast-light': 'Default High Contrast Light',
} as const;
/** The fonts are the same in every theme: theme.ts keeps them apart. */
const COMMON = /^--vscode-(editor-)?font-/;
const THEME_FILE = path.join(REPO_ROOT, 'test/webview/theme.ts');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every variable the webview's CSS and components name. */
function usedVariables(): string[] {
  const names = filesUnder(path.join(REPO_ROOT, 'webview')).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/--vscode-[\w.-]+/g)].map((m) => m[0]));
  return [...new Set(names)].filter((n) => !COMMON.test(n)).sort();
}

async function chatFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const outer of page.frames()) {
      const inner = outer.url().includes('extensionId=codewright.codewright') ? outer.childFrames()[0] : undefined;
      if (inner && (await inner.locator('#root > *').count().catch(() => 0))) return inner;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('The chat webview did not appear.');
}

async function capture(theme: string): Promise<Record<string, string>> {
  const server = await startCodeServer({ folder: path.join(REPO_ROOT, 'test/fixtures/workspace'), env: { ANTHROPIC_API_KEY: 'unused' }, settings: { 'workbench.colorTheme': theme } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.urlFor(server.devPayload()));
    await page.locator('.activitybar .action-item a.action-label[aria-label^="Codewright"]').first().click({ timeout: 90_000 });
    const frame = await chatFrame(page);
    const style = (await frame.evaluate(() => document.documentElement.getAttribute('style'))) ?? '';
    return Object.fromEntries([...style.matchAll(/(--vscode-[\w.\\-]+):\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const used = usedVariables();
  const blocks: string[] = [];
  for (const [kind, theme] of Object.entries(THEMES)) {
    const vars = await capture(theme);
    const lines = used.filter((name) => vars[name] !== undefined).map((name) => `    '${name}': '${(vars[name] ?? '').replace(/'/g, '"')}',`);
    blocks.push(`  '${kind}': {\n${lines.join('\n')}\n  },`);
    console.error(`${theme}: ${lines.length} of ${used.length} variables`);
  }
  const source = readFileSync(THEME_FILE, 'utf8');
  const table = /(const THEMES: Record<ThemeKind, Record<string, string>> = \{\n)[\s\S]*?(\n\};\n)/;
  if (!table.test(source)) throw new Error(`${THEME_FILE} has no THEMES table to replace.`);
  writeFileSync(THEME_FILE, source.replace(table, (_all, open: string, close: string) => `${open}${blocks.join('\n')}${close}`));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
