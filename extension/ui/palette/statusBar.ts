/**
 * The status-bar item: the permission mode, a spinner while the agent works, and a click that opens the
 * chat. It follows the mode wherever it changes (header, palette, a settings file's `defaultMode`).
 */
import * as vscode from 'vscode';
import { permissionModeLabel as modeLabel } from '../../protocol/controls';
import { COMMANDS } from './commands';

export { modeLabel };

/** The item's text and tooltip for a mode and busy state; pure, so tests can check it without a window. */
export function statusBarContent(mode: string, busy: boolean): { text: string; tooltip: string } {
  const label = modeLabel(mode);
  return {
    text: `${busy ? '$(sync~spin)' : '$(comment-discussion)'} ${label}`,
    tooltip: `Codewright: ${busy ? 'working' : 'idle'} · permission mode: ${label}. Click to open the chat.`,
  };
}

export class CodewrightStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('codewright.status', vscode.StatusBarAlignment.Right, 100);
  private mode: string;
  private busy = false;

  constructor(mode: string) {
    this.mode = mode;
    this.item.name = 'Codewright';
    this.item.command = COMMANDS.openChat;
    this.render();
    this.item.show();
  }

  /** What the item shows now (for the integration tests). */
  get text(): string {
    return this.item.text;
  }

  setMode(mode: string): void {
    this.mode = mode;
    this.render();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.render();
  }

  dispose(): void {
    this.item.dispose();
  }

  private render(): void {
    const { text, tooltip } = statusBarContent(this.mode, this.busy);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: tooltip };
    // Bypass runs everything without asking: make that visible at a glance.
    this.item.backgroundColor = this.mode === 'bypassPermissions' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
