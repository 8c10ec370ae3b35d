import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../extension/ui/palette/commands';
import { renderWebviewHtml } from '../../extension/ui/chat/webviewHtml';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

describe('package.json manifest', () => {
  it('contributes exactly the commands the extension registers', () => {
    const contributed = pkg.contributes.commands.map((c: { command: string }) => c.command).sort();
    expect(contributed).toEqual(Object.values(COMMANDS).sort());
  });

  it('puts a Chat webview view in an activity-bar container whose icon exists', () => {
    const container = pkg.contributes.viewsContainers.activitybar[0];
    expect(container.id).toBe('codewright');
    expect(() => readFileSync(container.icon)).not.toThrow();
    expect(pkg.contributes.views.codewright).toEqual([expect.objectContaining({ id: 'codewright.chat', type: 'webview', name: 'Chat' })]);
  });

  it('declares the model, API base URL, max tokens, thinking, effort, spending limit, Bash snapshots, MCP servers and permission settings', () => {
    expect(Object.keys(pkg.contributes.configuration.properties).sort()).toEqual([
      'codewright.apiBaseUrl',
      'codewright.checkpoints.bashSnapshots',
      'codewright.diffReview.focus',
      'codewright.diffReview.open',
      'codewright.effort',
      'codewright.fallbackModel',
      'codewright.maxBudgetUsd',
      'codewright.maxTokens',
      'codewright.mcpServers',
      'codewright.model',
      'codewright.permissions.allow',
      'codewright.permissions.ask',
      'codewright.permissions.defaultMode',
      'codewright.permissions.deny',
      'codewright.provider',
      'codewright.thinking',
    ]);
  });

  it('runs in Restricted Mode with limited support, keeping the workspace from redirecting the API or widening permissions', () => {
    const untrusted = pkg.capabilities.untrustedWorkspaces;
    expect(untrusted.supported).toBe('limited');
    expect(untrusted.description).toMatch(/hooks, \.mcp\.json servers, commands, skills and agents .* plugin's hooks and MCP servers wait until you trust the folder/);
    // An untrusted folder cannot raise the user's spending limit either.
    expect(untrusted.restrictedConfigurations).toEqual(['codewright.apiBaseUrl', 'codewright.maxBudgetUsd', 'codewright.permissions.allow', 'codewright.permissions.defaultMode']);
    for (const key of untrusted.restrictedConfigurations) expect(Object.keys(pkg.contributes.configuration.properties)).toContain(key);
  });

  it('has a 128×128 PNG icon for the Extensions view, packaged with the media folder', () => {
    const png = readFileSync(pkg.icon);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
    expect(pkg.icon).toMatch(/^media\//);
    expect(readFileSync('.vscodeignore', 'utf8')).toContain('!media/**');
  });
});

describe('ui/chat/webviewHtml', () => {
  const html = renderWebviewHtml({
    scriptUri: 'https://x.vscode-cdn.net/dist/webview.js',
    styleUri: 'https://x.vscode-cdn.net/dist/webview.css',
    cspSource: 'https://x.vscode-cdn.net',
    nonce: 'abc123',
  });

  it('locks the page down with a strict CSP: nothing by default, scripts by nonce only', () => {
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-abc123'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('loads the one script with the nonce and no inline script', () => {
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script nonce="abc123" src="https://x.vscode-cdn.net/dist/webview.js">']);
  });

  it('names the surface on the body when given (an editor tab or the side bar)', () => {
    const tab = renderWebviewHtml({ scriptUri: 's', styleUri: 'c', cspSource: 'o', nonce: 'n', surface: 'tab' });
    expect(tab).toContain('<body data-chat-surface="tab">');
    expect(html).toContain('<body>');
  });
});
