/** Helpers for driving the real VS Code workbench (code-server) with Playwright. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { launchChromium } from '../support/browser';
import { REPO_ROOT, startCodeServer, type CodeServer } from '../support/codeServer';

export const EXTENSION_ID = 'codewright.codewright';

/** Waits until the workbench has rendered and the activity bar is interactive. */
export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90_000 });
  await page.locator('.activitybar').waitFor({ state: 'visible', timeout: 30_000 });
}

/** The activity-bar entry of Codewright's view container. */
export function activityBarIcon(page: Page) {
  return page.locator('.activitybar .action-item a.action-label[aria-label^="Codewright"]').first();
}

/**
 * The page inside Codewright's webview view: the outer frame's URL names the extension; the app lives in
 * its first child frame. Waits until the React app has mounted.
 */
export async function chatFrame(page: Page, timeoutMs = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const outer of page.frames()) {
      if (!outer.url().includes(`extensionId=${EXTENSION_ID}`)) continue;
      const inner = outer.childFrames()[0];
      if (!inner) continue;
      try {
        if (await inner.locator('#root > *').count()) return inner;
      } catch {
        // the frame was replaced while we looked; try again
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error('The Codewright chat webview did not appear');
}

/** When each page's activity-bar icon was last clicked through `toggleSideBar`. */
const lastIconClick = new WeakMap<Page, number>();

/**
 * Clicks Codewright's activity-bar icon and waits for the side bar to be in `state`. VS Code ignores an
 * activity-bar click that comes within 300 ms of the one before (its guard against double clicks), so a click
 * that soon after the last one first waits out that guard: a known rule of the product, not a guess at timing.
 */
export async function toggleSideBar(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  const since = Date.now() - (lastIconClick.get(page) ?? 0);
  if (since < 400) await page.waitForTimeout(400 - since);
  await activityBarIcon(page).click();
  lastIconClick.set(page, Date.now());
  await page.locator('.part.sidebar').waitFor({ state, timeout: 15_000 });
}

/** Hides the side bar and shows it again: the chat's page is discarded and then reloaded. */
export async function hideAndShowSideBar(page: Page): Promise<void> {
  await toggleSideBar(page, 'hidden');
  await toggleSideBar(page, 'visible');
}

/** The Stop action in the title bar of the Chat view (present only while a turn runs). */
export function titleStop(page: Page) {
  return page.locator('.pane-header .actions-container a.action-label[aria-label^="Stop"]');
}

export interface OpenWorkbench {
  server: CodeServer;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** Starts code-server on `folder` with Codewright loaded, opens it in Chromium and waits for the workbench. */
export async function openWorkbench(opts: { folder: string; env: NodeJS.ProcessEnv; settings?: Record<string, unknown>; workspaceTrust?: boolean }): Promise<OpenWorkbench> {
  const server = await startCodeServer({ folder: opts.folder, env: opts.env, ...(opts.settings ? { settings: opts.settings } : {}), ...(opts.workspaceTrust ? { workspaceTrust: true } : {}) });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(server.urlFor(server.devPayload()));
  await waitForWorkbench(page);
  return {
    server,
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

export interface AgentWorkbench extends OpenWorkbench {
  fake: FakeAnthropic;
  /** A scratch copy of test/fixtures/workspace, removed by close(). */
  workspace: string;
}

/**
 * The usual e2e setup: a scratch copy of the fixture workspace (`prepare` may add files before the window
 * opens), the fake Anthropic API with `apiKey`, and the workbench on that folder with the key and base URL
 * in the environment. `settings` go to the profile's user settings (e.g. `codewright.mcpServers`, a user-only setting).
 */
export async function openAgentWorkbench(apiKey: string, prepare?: (workspace: string) => void, settings?: Record<string, unknown>): Promise<AgentWorkbench> {
  const workspace = mkdtempSync(path.join(tmpdir(), 'cw-e2e-ws-'));
  cpSync(path.join(REPO_ROOT, 'test/fixtures/workspace'), workspace, { recursive: true });
  prepare?.(workspace);
  const fake = await startFakeAnthropic({ apiKey });
  const wb = await openWorkbench({ folder: workspace, env: { ANTHROPIC_API_KEY: apiKey, ANTHROPIC_BASE_URL: fake.url }, ...(settings ? { settings } : {}) });
  return {
    ...wb,
    fake,
    workspace,
    close: async () => {
      await wb.close();
      await fake.close();
      rmSync(workspace, { recursive: true, force: true });
    },
  };
}

export interface FakeWorkbench extends OpenWorkbench {
  fake: FakeAnthropic;
}

/**
 * The fake Anthropic API started with `fakeOptions` and the workbench on test/fixtures/workspace itself (no
 * scratch copy: for files that write nothing there), with `envKey` as ANTHROPIC_API_KEY ('' for none).
 */
export async function openFakeWorkbench(
  fakeOptions: Parameters<typeof startFakeAnthropic>[0],
  envKey: string,
): Promise<FakeWorkbench> {
  const fake = await startFakeAnthropic(fakeOptions);
  const wb = await openWorkbench({
    folder: path.join(REPO_ROOT, 'test/fixtures/workspace'),
    env: { ANTHROPIC_API_KEY: envKey, ANTHROPIC_BASE_URL: fake.url },
  });
  return {
    ...wb,
    fake,
    close: async () => {
      await wb.close();
      await fake.close();
    },
  };
}

/**
 * Opens a workbench with `open` before the file's tests and closes it after them. The returned object is
 * filled in by that beforeAll, so read its fields inside the tests, not when the describe block runs.
 */
export function useWorkbench<T extends OpenWorkbench>(open: () => Promise<T>): T {
  const wb = {} as T;
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    Object.assign(wb, opened);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return wb;
}
