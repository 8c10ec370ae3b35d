/**
 * e2e (issue 17): the repo's two MCP test servers seen the way a person sees them — the stdio one in the
 * workspace's `.mcp.json` (VS Code's modal asks before it starts), the HTTP one on loopback in the user
 * settings; an MCP tool call rendered in the chat (server, tool, arguments, result) and the /mcp panel
 * (servers with status, counts and Restart). Screenshots go to test-results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/codeServer';
import { activityBarIcon, chatFrame, openAgentWorkbench, type AgentWorkbench } from './workbench';

const API_KEY = 'sk-ant-test-e2e-mcp';
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/mcp');
const TSX = pathToFileURL(path.join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const shot = (name: string) => path.join(REPO_ROOT, 'test-results', name);

/** Starts the HTTP fixture on a loopback port; resolves with the URL it printed. */
function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', TSX, path.join(FIXTURES, 'httpServer.ts')], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.on('exit', (code) => reject(new Error(`the HTTP fixture exited ${code}`)));
  });
}

describe('e2e: MCP servers in the chat and the /mcp panel', () => {
  let wb: AgentWorkbench;
  let http: ChildProcess | undefined;

  beforeAll(async () => {
    const started = await startHttpServer();
    http = started.child;
    const stdio = { command: process.execPath, args: ['--import', TSX, path.join(FIXTURES, 'stdioServer.ts')] };
    wb = await openAgentWorkbench(API_KEY, (ws) => writeFileSync(path.join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { fixture: stdio } }, null, 2)), {
      'codewright.mcpServers': { clock: { type: 'http', url: started.url } },
    });
  });

  afterAll(async () => {
    await wb?.close();
    http?.kill();
  });

  it('asks before starting the .mcp.json server, then renders an MCP tool call with server, tool, arguments and result', async () => {
    await activityBarIcon(wb.page).click();
    // VS Code's own modal asks about the project server before anything runs.
    const modal = wb.page.locator('.monaco-dialog-box');
    await modal.waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => modal.innerText()).toContain('Start the MCP server "fixture" from .mcp.json?');
    await expect.poll(() => modal.innerText()).toContain('stdioServer.ts');
    await wb.page.screenshot({ path: shot('e2e-mcp-approval.png') });
    await modal.getByRole('button', { name: 'Allow' }).click();
    await modal.waitFor({ state: 'detached', timeout: 15_000 });

    wb.fake.setScript([
      { content: [{ type: 'text', text: 'Asking the server.' }, { type: 'tool_use', id: 'toolu_e2e_echo', name: 'mcp__fixture__echo', input: { text: 'hello from the e2e test' } }] },
      { content: [{ type: 'text', text: 'The server echoed it.' }], expect: { toolResultIds: ['toolu_e2e_echo'] } },
    ]);
    const chat = await chatFrame(wb.page);
    // The first request must offer the MCP tool: wait until the server is connected (the /mcp panel says so).
    await openMcpPanel(chat);
    await expect.poll(() => chat.locator('[data-testid="mcp-server"][data-name="fixture"]').getAttribute('data-status'), { timeout: 60_000 }).toBe('connected');
    const input = chat.getByTestId('composer-input');
    await input.fill('echo something through MCP');
    await input.press('Enter');

    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => dialog.innerText()).toContain('echo');
    await dialog.press('1');
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    const row = chat.locator('[data-testid="tool"][data-tool="mcp__fixture__echo"]');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await expect.poll(() => row.getByTestId('mcp-server-badge').innerText()).toBe('fixture');
    await expect.poll(() => row.getByTestId('mcp-tool-name').innerText()).toBe('echo');
    await row.locator('.tool-header').click();
    await expect.poll(() => row.getByTestId('tool-input').innerText()).toContain('"text": "hello from the e2e test"');
    await expect.poll(() => row.getByTestId('tool-output').innerText()).toBe('hello from the e2e test');
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await wb.page.screenshot({ path: shot('e2e-mcp-tool-row.png') });
    expect(JSON.stringify(wb.fake.requests.at(-1)?.body.messages)).toContain('"tool_use_id":"toolu_e2e_echo"');
    expect(JSON.stringify(wb.fake.requests.at(-1)?.body.messages)).toContain('hello from the e2e test');
  });

  it('lists both servers in /mcp with status, scope and counts, and restarts one', async () => {
    const chat = await chatFrame(wb.page);
    // `grow` adds a tool (tools/list_changed): the panel counts 5, and a restarted server (a fresh process) 4 again.
    wb.fake.setScript([
      { content: [{ type: 'tool_use', id: 'toolu_e2e_grow', name: 'mcp__fixture__grow', input: {} }] },
      { content: [{ type: 'text', text: 'Grown.' }], expect: { toolResultIds: ['toolu_e2e_grow'] } },
    ]);
    const input = chat.getByTestId('composer-input');
    await input.fill('grow a tool');
    await input.press('Enter');
    const dialog = chat.getByTestId('permission-dialog');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    await dialog.press('1');
    await expect.poll(() => chat.locator('[data-testid="tool"][data-tool="mcp__fixture__grow"]').getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await expect.poll(() => chat.locator('[data-testid="message"][data-role="assistant"]').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');

    await openMcpPanel(chat);
    const fixture = chat.locator('[data-testid="mcp-server"][data-name="fixture"]');
    const clock = chat.locator('[data-testid="mcp-server"][data-name="clock"]');
    await expect.poll(() => fixture.getAttribute('data-status'), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => clock.getAttribute('data-status'), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => fixture.getByTestId('mcp-counts').innerText()).toBe('5 tools · 1 resource · 1 prompt');
    await expect.poll(() => clock.getByTestId('mcp-counts').innerText()).toBe('1 tool · 1 resource · 0 prompts');
    await expect.poll(() => fixture.getByTestId('mcp-status').innerText()).toMatch(/connected/i);
    await expect.poll(() => fixture.getByTestId('mcp-scope').innerText()).toMatch(/project/i);
    await expect.poll(() => clock.getByTestId('mcp-scope').innerText()).toMatch(/settings/i);
    await expect.poll(() => clock.getByTestId('mcp-restart').innerText()).toBe('Restart');
    await wb.page.screenshot({ path: shot('e2e-mcp-panel.png') });

    const restart = fixture.getByTestId('mcp-restart');
    await restart.click();
    // The host restarts the process and posts the panel again: a fresh server without `grown`.
    await expect.poll(() => fixture.getByTestId('mcp-counts').innerText(), { timeout: 30_000 }).toBe('4 tools · 1 resource · 1 prompt');
    await expect.poll(() => fixture.getAttribute('data-status'), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => restart.innerText()).toBe('Restart');
    await expect.poll(() => restart.isEnabled()).toBe(true);
    await wb.page.screenshot({ path: shot('e2e-mcp-panel-restarted.png') });
  });
});

/**
 * Types `/mcp ` (the space ends the command's name, so the completion menu closes and Enter runs the command
 * instead of accepting an item such as /mcp__fixture__review) and waits for the panel.
 */
async function openMcpPanel(chat: Awaited<ReturnType<typeof chatFrame>>): Promise<void> {
  const input = chat.getByTestId('composer-input');
  await input.click();
  await input.fill('');
  await input.pressSequentially('/mcp ');
  await expect.poll(() => input.inputValue()).toBe('/mcp ');
  await expect.poll(() => chat.getByTestId('completion-item').count()).toBe(0);
  await input.press('Enter');
  await chat.locator('[data-testid="command-panel"][data-panel="mcp"]').waitFor({ state: 'visible', timeout: 30_000 });
}
