/**
 * e2e: a person's first run in a folder they have not trusted, and a project MCP server whose question they
 * closed. VS Code's workspace trust is on and the folder (a scratch copy of test/fixtures/workspace with the
 * stdio MCP fixture in its .mcp.json) is not trusted: the chat works and says what waits; Trust Workspace…
 * opens VS Code's trust editor, and trusting the folder takes the line away and asks about the server. The
 * question closed without an answer, /mcp says so and its Approve… asks again, without a reload.
 * Screenshots go to test-results/.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../fixtures/fake-anthropic';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openWorkbench, type OpenWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-restricted';
const TSX = pathToFileURL(path.join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const shot = (name: string) => path.join(REPO_ROOT, 'test-results', name);

describe('e2e: Restricted Mode and approving a project MCP server later', () => {
  let wb: OpenWorkbench;
  let fake: FakeAnthropic;
  let workspace: string;

  beforeAll(async () => {
    workspace = mkdtempSync(path.join(tmpdir(), 'cw-e2e-untrusted-'));
    cpSync(path.join(REPO_ROOT, 'test/fixtures/workspace'), workspace, { recursive: true });
    const stdio = { command: process.execPath, args: ['--import', TSX, path.join(REPO_ROOT, 'test/fixtures/mcp/stdioServer.ts')] };
    writeFileSync(path.join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { fixture: stdio } }, null, 2));
    fake = await startFakeAnthropic({ apiKey: API_KEY });
    wb = await openWorkbench({ folder: workspace, env: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: fake.url }, workspaceTrust: true });
  });

  afterAll(async () => {
    await wb?.close();
    await fake?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('says what waits in an untrusted folder, and once the folder is trusted the line goes and the .mcp.json server asks', async () => {
    await activityBarIcon(wb.page).click();
    const chat = await chatFrame(wb.page);
    const notice = chat.getByTestId('restricted-notice');
    await expect.poll(() => notice.innerText(), { timeout: 30_000 }).toMatch(/Restricted Mode: this folder is not trusted/);
    await expect.poll(() => wb.page.locator('.monaco-dialog-box').count()).toBe(0);
    await wb.page.screenshot({ path: shot('e2e-restricted-mode.png') });

    await chat.getByTestId('restricted-trust').click();
    const trust = wb.page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ }).first();
    await trust.waitFor({ state: 'visible', timeout: 30_000 });
    await trust.click();
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(0);
    const modal = wb.page.locator('.monaco-dialog-box');
    await modal.waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => modal.innerText()).toContain('Start the MCP server "fixture" from .mcp.json?');
    // Closed without an answer: nothing is remembered, and nothing starts.
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows the dismissed server in /mcp with the reason, and Approve… asks again and starts it', async () => {
    const chat = await chatFrame(wb.page);
    const input = chat.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('/mcp ');
    await expect.poll(() => chat.getByTestId('completion-item').count()).toBe(0);
    await input.press('Enter');
    const row = chat.locator('[data-testid="mcp-server"][data-name="fixture"]');
    await expect.poll(() => row.getByTestId('mcp-status').innerText(), { timeout: 30_000 }).toBe('Not approved');
    await expect.poll(() => row.getByTestId('mcp-hint').innerText()).toMatch(/closed the question/);
    await wb.page.screenshot({ path: shot('e2e-mcp-dismissed.png') });

    await row.getByTestId('mcp-approve').click();
    const modal = wb.page.locator('.monaco-dialog-box');
    await modal.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => modal.innerText()).toContain('stdioServer.ts');
    await modal.getByRole('button', { name: 'Allow' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    await expect.poll(() => row.getByTestId('mcp-counts').innerText()).toMatch(/^4 tools/);
    await wb.page.screenshot({ path: shot('e2e-mcp-approved.png') });
  });
});
