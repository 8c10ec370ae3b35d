/**
 * The real workbench for `npm run bench -- approval`: code-server on a scratch copy of
 * test/fixtures/ts-project with Codewright loaded, the fake API, and Chromium with the chat open. The chat's
 * page records, on its own clock (`Date.now()`, the machine's clock like the fake's), when each permission
 * dialog appeared and when its Allow button was clicked, so no Playwright polling delay enters a figure.
 * (test/e2e/workbench.ts does the same for the e2e layer but imports vitest, which a bench cannot.)
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { launchChromium } from '../support/browser';
import { REPO_ROOT, startCodeServer, type CodeServer } from '../support/codeServer';

const API_KEY = 'sk-ant-test-bench-approval';

export interface BenchWorkbench {
  fake: FakeAnthropic;
  page: Page;
  chat: Frame;
  workspace: string;
  close(): Promise<void>;
}

interface Marks {
  dialogs: number[];
  allows: number[];
}

async function findChat(page: Page): Promise<Frame> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const outer of page.frames()) {
      if (!outer.url().includes('extensionId=codewright.codewright')) continue;
      const inner = outer.childFrames()[0];
      try {
        if (inner && (await inner.locator('#root > *').count())) return inner;
      } catch {
        // the frame was replaced while we looked
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error('The Codewright chat webview did not appear');
}

/** Records when a permission dialog appears and when Allow is clicked, in the page itself. */
function installMarks(): void {
  const w = window as unknown as { __marks: Marks };
  w.__marks = { dialogs: [], allows: [] };
  // A new request may reuse the dialog's element, so a dialog is new when its text is.
  let shown = new Set<string>();
  new MutationObserver(() => {
    const now = new Set([...document.querySelectorAll('[data-testid="permission-dialog"]')].map((d) => d.textContent ?? ''));
    if ([...now].some((text) => !shown.has(text))) w.__marks.dialogs.push(Date.now());
    shown = now;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  document.addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('[data-testid="permission-allow"]')) w.__marks.allows.push(Date.now());
    },
    true,
  );
}

export async function marks(chat: Frame): Promise<Marks> {
  return chat.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
}

export async function openBenchWorkbench(): Promise<BenchWorkbench> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'cw-bench-approval-'));
  cpSync(path.join(REPO_ROOT, 'test/fixtures/ts-project'), workspace, { recursive: true });
  writeFileSync(path.join(workspace, 'notes.txt'), 'value 0\n');
  writeFileSync(path.join(workspace, 'src/bench.ts'), 'export const value: number = 0;\n');
  const fake = await startFakeAnthropic({ apiKey: API_KEY });
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    await fake.close();
    rmSync(workspace, { recursive: true, force: true });
  };
  try {
    server = await startCodeServer({ folder: workspace, env: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url } });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.urlFor(server.devPayload()));
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90_000 });
    await page.locator('.activitybar .action-item a.action-label[aria-label^="Codewright"]').first().click();
    const chat = await findChat(page);
    await chat.evaluate(installMarks);
    return { fake, page, chat, workspace, close };
  } catch (err) {
    await close();
    throw err;
  }
}
