/**
 * The syntax highlighter, loaded on first use. The fine-grained shiki bundle keeps only the languages and
 * themes below; the JavaScript regex engine needs neither wasm nor eval, so it runs under the webview's
 * CSP. Everything here is imported dynamically, so none of it runs before a code block needs it, and a
 * grammar is registered only when a block in its language appears.
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

/** Grammars by the name shiki registers; each is imported and registered only when a block needs it. */
const GRAMMARS: Record<string, () => Promise<unknown>> = {
  typescript: () => import('@shikijs/langs/typescript'),
  ts: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  javascript: () => import('@shikijs/langs/javascript'),
  js: () => import('@shikijs/langs/javascript'),
  json: () => import('@shikijs/langs/json'),
  bash: () => import('@shikijs/langs/bash'),
  python: () => import('@shikijs/langs/python'),
  py: () => import('@shikijs/langs/python'),
  diff: () => import('@shikijs/langs/diff'),
  css: () => import('@shikijs/langs/css'),
  html: () => import('@shikijs/langs/html'),
  markdown: () => import('@shikijs/langs/markdown'),
  md: () => import('@shikijs/langs/markdown'),
  yaml: () => import('@shikijs/langs/yaml'),
  yml: () => import('@shikijs/langs/yaml'),
  rust: () => import('@shikijs/langs/rust'),
  rs: () => import('@shikijs/langs/rust'),
  go: () => import('@shikijs/langs/go'),
};

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
      langs: [],
    });
  })();
  loading.catch(() => {
    loading = undefined; // a failed load may be retried by the next code block
  });
  return loading;
}

/** The grammar for a fence's language, registered on first use; undefined when there is none (plain text). */
async function resolveLang(h: HighlighterCore, lang: string): Promise<string | undefined> {
  const name = lang.toLowerCase();
  const candidate = EXTRA_ALIASES[name] ?? name;
  if (h.getLoadedLanguages().includes(candidate)) return candidate;
  const grammar = GRAMMARS[candidate];
  if (!grammar) return undefined;
  await h.loadLanguage((await grammar()) as Parameters<HighlighterCore['loadLanguage']>[0]);
  // Registering a grammar is heavy: tokenise in a task of its own.
  await nextTask();
  return h.getLoadedLanguages().includes(candidate) ? candidate : undefined;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Blocks are highlighted one per task, so a transcript full of code never stalls the view in one go. */
let queue: Promise<unknown> = Promise.resolve();

/** Lines of coloured tokens, or undefined when the language is unknown. */
export function highlight(code: string, lang: string, theme: ThemeKind): Promise<ThemedToken[][] | undefined> {
  if (!lang) return Promise.resolve(undefined);
  const job = queue.then(async () => {
    await nextTask();
    const h = await load();
    const grammar = await resolveLang(h, lang);
    if (!grammar) return undefined;
    return h.codeToTokensBase(code, { lang: grammar, theme: THEME_FOR[theme] });
  });
  queue = job.catch(() => undefined);
  return job;
}
