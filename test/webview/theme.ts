/**
 * The --vscode-* variables VS Code puts on a webview's <html>, for VS Code's Dark Modern and Light
 * Modern themes, so screenshots and colour assertions see what a person would.
 */
export type ThemeKind = 'dark' | 'light';

const COMMON: Record<string, string> = {
  '--vscode-font-family': 'system-ui, "Segoe WPC", "Segoe UI", "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
};

const THEMES: Record<ThemeKind, Record<string, string>> = {
  dark: {
    '--vscode-foreground': '#cccccc',
    '--vscode-descriptionForeground': '#9d9d9d',
    '--vscode-sideBar-background': '#181818',
    '--vscode-editor-background': '#1f1f1f',
    '--vscode-panel-border': '#2b2b2b',
    '--vscode-input-background': '#313131',
    '--vscode-input-foreground': '#cccccc',
    '--vscode-input-border': '#3c3c3c',
    '--vscode-input-placeholderForeground': '#989898',
    '--vscode-button-background': '#0078d4',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-hoverBackground': '#026ec1',
    '--vscode-button-border': '#ffffff12',
    '--vscode-button-secondaryBackground': '#313131',
    '--vscode-button-secondaryForeground': '#cccccc',
    '--vscode-button-secondaryHoverBackground': '#3c3c3c',
    '--vscode-focusBorder': '#0078d4',
    '--vscode-errorForeground': '#f85149',
    '--vscode-inputValidation-errorBackground': '#5a1d1d',
    '--vscode-inputValidation-errorBorder': '#be1100',
    '--vscode-textLink-foreground': '#4daafc',
    '--vscode-textCodeBlock-background': '#2b2b2b',
    '--vscode-diffEditor-insertedLineBackground': '#9bb95533',
    '--vscode-diffEditor-removedLineBackground': '#ff000033',
    '--vscode-progressBar-background': '#0078d4',
    '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-purple': '#b180d7',
    '--vscode-charts-yellow': '#cca700',
    '--vscode-charts-orange': '#d18616',
    '--vscode-charts-green': '#89d185',
    '--vscode-charts-red': '#f14c4c',
    '--vscode-inputValidation-warningBackground': '#352a05',
    '--vscode-inputValidation-warningBorder': '#b89500',
  },
  light: {
    '--vscode-foreground': '#3b3b3b',
    '--vscode-descriptionForeground': '#3b3b3b',
    '--vscode-sideBar-background': '#f8f8f8',
    '--vscode-editor-background': '#ffffff',
    '--vscode-panel-border': '#e5e5e5',
    '--vscode-input-background': '#ffffff',
    '--vscode-input-foreground': '#3b3b3b',
    '--vscode-input-border': '#cecece',
    '--vscode-input-placeholderForeground': '#767676',
    '--vscode-button-background': '#005fb8',
    '--vscode-button-foreground': '#ffffff',
    '--vscode-button-hoverBackground': '#0258a8',
    '--vscode-button-border': '#0000001a',
    '--vscode-button-secondaryBackground': '#e5e5e5',
    '--vscode-button-secondaryForeground': '#3b3b3b',
    '--vscode-button-secondaryHoverBackground': '#cccccc',
    '--vscode-focusBorder': '#005fb8',
    '--vscode-errorForeground': '#f85149',
    '--vscode-inputValidation-errorBackground': '#f2dede',
    '--vscode-inputValidation-errorBorder': '#be1100',
    '--vscode-textLink-foreground': '#005fb8',
    '--vscode-textCodeBlock-background': '#dcdcdc66',
    '--vscode-diffEditor-insertedLineBackground': '#9bb95533',
    '--vscode-diffEditor-removedLineBackground': '#ff000033',
    '--vscode-progressBar-background': '#0e70c0',
    '--vscode-charts-blue': '#1a85ff',
    '--vscode-charts-purple': '#652d90',
    '--vscode-charts-yellow': '#bf8803',
    '--vscode-charts-orange': '#d18616',
    '--vscode-charts-green': '#388a34',
    '--vscode-charts-red': '#e51400',
    '--vscode-inputValidation-warningBackground': '#f6f5d2',
    '--vscode-inputValidation-warningBorder': '#bf8803',
  },
};

export function themeVariables(kind: ThemeKind): Record<string, string> {
  return { ...COMMON, ...THEMES[kind] };
}

/** A stylesheet served from the page's own origin: the CSP forbids inline style attributes. */
export function themeCss(kind: ThemeKind): string {
  const body = Object.entries(themeVariables(kind))
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  return `html {\n${body}\n}\n`;
}
