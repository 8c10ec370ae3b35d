/**
 * The webview's HTML document. Pure (no `vscode`), so the webview tests serve the very same page.
 * CSP: nothing by default; scripts only by nonce; styles and images only from the webview's own origin.
 */
export interface WebviewHtmlParts {
  scriptUri: string;
  styleUri: string;
  /** `webview.cspSource`: the origin VS Code serves local resources from. */
  cspSource: string;
  /** A fresh random value per render, from `crypto`. */
  nonce: string;
  /** Where the chat shows (the side bar's view or an editor tab), as `data-chat-surface` on the body for tests. */
  surface?: 'sidebar' | 'tab';
}

export function renderWebviewHtml(p: WebviewHtmlParts): string {
  const csp = [
    "default-src 'none'",
    `style-src ${p.cspSource}`,
    `font-src ${p.cspSource}`,
    `img-src ${p.cspSource} data:`,
    `script-src 'nonce-${p.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${p.styleUri}">
<title>Codewright</title>
</head>
<body${p.surface ? ` data-chat-surface="${p.surface}"` : ''}>
<div id="root"></div>
<script nonce="${p.nonce}" src="${p.scriptUri}"></script>
</body>
</html>`;
}
