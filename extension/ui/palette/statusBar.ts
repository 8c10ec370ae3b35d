/**
 * The status-bar item: the permission mode of the chat the user turned to last, a spinner while any chat
 * works (with their count when several do), and a click that opens the chat. It follows the mode wherever
 * it changes (header, palette, a settings file's `defaultMode`).
 */
import * as vscode from 'vscode';
import { permissionModeLabel as modeLabel } from '../../protocol/controls';
import { COMMANDS } from './commands';

export { modeLabel };

/** The item's text and tooltip for a mode and the number of busy chats; pure, so tests can check it without a window. */
export function statusBarContent(mode: string, busy: number): { text: string; tooltip: string } {
  const label = modeLabel(mode);
  const working = busy > 1 ? `${busy} chats working` : busy === 1 ? 'working' : 'idle';
  return {
    text: `${busy > 0 ? '$(sync~spin)' : '$(comment-discussion)'} ${busy > 1 ? `${busy} chats · ` : ''}${label}`,
    tooltip: `Codewright: ${working} · permission mode: ${label}. Click to open the chat.`,
  };
}

export class CodewrightStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('codewright.status', vscode.StatusBarAlignment.Right, 100);
  private mode: string;
  private busy = 0;

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

  /** How many chats run a turn now. */
  setBusy(busy: number): void {
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
