/**
 * Which kind of theme VS Code shows, from the classes it puts on <body> (vscode-light, vscode-dark,
 * vscode-high-contrast, vscode-high-contrast-light); it changes them in place when the user switches.
 */
import { useSyncExternalStore } from 'react';

export type ThemeKind = 'light' | 'dark' | 'hc-dark' | 'hc-light';

export function currentThemeKind(body: HTMLElement = document.body): ThemeKind {
  const c = body.classList;
  if (c.contains('vscode-high-contrast-light')) return 'hc-light';
  if (c.contains('vscode-high-contrast')) return 'hc-dark';
  if (c.contains('vscode-light')) return 'light';
  return 'dark';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => {
    observer.disconnect();
  };
}

export function useThemeKind(): ThemeKind {
  return useSyncExternalStore(subscribe, () => currentThemeKind());
}
