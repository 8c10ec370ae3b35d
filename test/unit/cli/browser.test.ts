import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { browserCommand, openWith, splitWords, type OpenerHost } from '../../../extension/cli/browser';

const URL_ = 'http://127.0.0.1:9/authorize?client_id=a&state=b';

function host(platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}, onPath: string[] = []): OpenerHost {
  return { platform, env, onPath: (c) => onPath.includes(c) };
}

describe('cli/browser', () => {
  it('prefers $BROWSER over the system opener, the URL as its last argument', () => {
    expect(browserCommand(URL_, host('darwin', { BROWSER: 'firefox --new-window' }))).toEqual({ command: 'firefox', args: ['--new-window', URL_], via: 'BROWSER' });
  });

  it('puts the URL where $BROWSER says %s, takes the first of several commands, and keeps quoted words whole', () => {
    expect(browserCommand(URL_, host('linux', { BROWSER: '"/opt/my browser/run" --url=%s:lynx' }))).toEqual({ command: '/opt/my browser/run', args: [`--url=${URL_}`], via: 'BROWSER' });
    expect(browserCommand(URL_, host('win32', { BROWSER: 'C:\\b\\chrome.exe;edge' }))?.command).toBe('C:\\b\\chrome.exe');
  });

  it("uses the system's opener without $BROWSER: open on macOS, start on Windows, xdg-open on a Linux desktop", () => {
    expect(browserCommand(URL_, host('darwin'))).toEqual({ command: 'open', args: [URL_], via: 'system' });
    expect(browserCommand(URL_, host('win32'))).toEqual({ command: 'cmd.exe', args: ['/d', '/s', '/c', `start "" "${URL_}"`], via: 'system', verbatim: true });
    expect(browserCommand(URL_, host('linux', { DISPLAY: ':0' }, ['xdg-open']))).toEqual({ command: 'xdg-open', args: [URL_], via: 'system' });
    expect(browserCommand(URL_, host('linux', { WAYLAND_DISPLAY: 'wayland-0' }, ['xdg-open']))?.command).toBe('xdg-open');
  });

  it('finds no browser on a Linux without a display or without xdg-open, nor with an empty $BROWSER', () => {
    expect(browserCommand(URL_, host('linux', {}, ['xdg-open']))).toBeUndefined();
    expect(browserCommand(URL_, host('linux', { DISPLAY: ':0' }))).toBeUndefined();
    expect(browserCommand(URL_, host('linux', { BROWSER: ' ' }))).toBeUndefined();
  });

  it('splits a command line at spaces outside quotes', () => {
    expect(splitWords(`a  "b c" 'd"e' f""`)).toEqual(['a', 'b c', 'd"e', 'f']);
  });

  it('starts the browser with the URL and rejects when the command does not exist', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cw-browser-'));
    const out = path.join(dir, 'opened.txt');
    const script = path.join(dir, 'browser.cjs');
    writeFileSync(script, `require('fs').writeFileSync(${JSON.stringify(out)}, process.argv[2]);`);
    const command = browserCommand(URL_, host('linux', { BROWSER: `"${process.execPath}" "${script}"` }))!;
    await openWith(command);
    await vi.waitFor(() => expect(readFileSync(out, 'utf8')).toBe(URL_), { timeout: 10_000 });
    await expect(openWith({ command: path.join(dir, 'no-such-browser'), args: [URL_], via: 'BROWSER' })).rejects.toThrow(/ENOENT/);
  });
});
