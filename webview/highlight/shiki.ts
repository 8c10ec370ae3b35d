/**
 * The syntax highlighter, loaded on first use. The fine-grained shiki bundle keeps only the languages and
 * themes below; the JavaScript regex engine needs neither wasm nor eval, so it runs under the webview's
 * CSP. Everything here is imported dynamically, so none of it runs before a code block needs it.
 */
import type { HighlighterCore, ThemedToken } from 'shiki/core';
import type { ThemeKind } from './themeKind';

export type { ThemedToken };

/** The theme per VS Code theme kind: VS Code's own defaults, and GitHub's for high contrast. */
export const THEME_FOR: Record<ThemeKind, string> = {
  dark: 'dark-plus',
  light: 'light-plus',
  'hc-dark': 'github-dark-high-contrast',
  'hc-light': 'github-light-high-contrast',
};

/** Names people write after ``` that the grammars below do not register themselves. */
const EXTRA_ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', jsx: 'tsx', patch: 'diff', htm: 'html', golang: 'go' };

let loading: Promise<HighlighterCore> | undefined;

function load(): Promise<HighlighterCore> {
  loading ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')]);
    return createHighlighterCore({
      engine: createJavaScriptRegexEngine({ forgiving: true }),
      themes: [
        import('@shikijs/themes/dark-plus'),
        import('@shikijs/themes/light-plus'),
        import('@shikijs/themes/github-dark-high-contrast'),
        import('@shikijs/themes/github-light-high-contrast'),
      ],
      langs: [
        import('@shikijs/langs/typescript'),
        import('@shikijs/langs/tsx'),
        import('@shikijs/langs/javascript'),
        import('@shikijs/langs/json'),
        import('@shikijs/langs/bash'),
        import('@shikijs/langs/python'),
        import('@shikijs/langs/diff'),
        import('@shikijs/langs/css'),
        import('@shikijs/langs/html'),
        import('@shikijs/langs/markdown'),
        import('@shikijs/langs/yaml'),
        import('@shikijs/langs/rust'),
        import('@shikijs/langs/go'),
      ],
    });
  })();
  loading.catch(() => {
    loading = undefined; // a failed load may be retried by the next code block
  });
  return loading;
}

/** The grammar for a fence's language, or undefined when none is loaded for it (shown as plain text). */
function resolveLang(h: HighlighterCore, lang: string): string | undefined {
  const name = lang.toLowerCase();
  const candidate = EXTRA_ALIASES[name] ?? name;
  return h.getLoadedLanguages().includes(candidate) ? candidate : undefined;
}

/** Lines of coloured tokens, or undefined when the language is unknown. */
export async function highlight(code: string, lang: string, theme: ThemeKind): Promise<ThemedToken[][] | undefined> {
  if (!lang) return undefined;
  const h = await load();
  const grammar = resolveLang(h, lang);
  if (!grammar) return undefined;
  return h.codeToTokensBase(code, { lang: grammar, theme: THEME_FOR[theme] });
}
