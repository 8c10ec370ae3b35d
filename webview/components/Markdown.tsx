/**
 * Assistant text as markdown (GFM). Model output is untrusted: raw HTML is shown as literal text (never
 * parsed: no rehype-raw), unsafe URLs are dropped by react-markdown's urlTransform, remote images are not
 * loaded, and links never navigate the webview: clicks go to the host, which opens http(s) links in the
 * browser and paths in the editor.
 */
import { memo, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useActions, type ChatActions } from '../shared/actions';
import { CodeBlock } from '../shared/CodeBlock';
import { blocksToRender } from './markdownBlocks';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

const BLOCK_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** remark plugin: raw HTML becomes text, so `<img onerror=…>` reads as what the model wrote. */
function htmlAsText() {
  const visit = (node: MdNode): void => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (child.type !== 'html') {
        visit(child);
        return child;
      }
      const text: MdNode = { type: 'text', value: child.value ?? '' };
      return BLOCK_PARENTS.has(node.type) ? { type: 'paragraph', children: [text] } : text;
    });
  };
  return (tree: MdNode) => {
    visit(tree);
  };
}

const REMARK_PLUGINS = [remarkGfm, htmlAsText];

function isExternal(href: string): boolean {
  return /^https?:/i.test(href) || /^mailto:/i.test(href);
}

function follow(href: string, actions: ChatActions): void {
  if (isExternal(href)) {
    actions.openLink(href);
    return;
  }
  if (href.startsWith('#')) return; // an in-page anchor: nothing to open
  let path = href;
  try {
    path = decodeURIComponent(href);
  } catch {
    // not percent-encoded: use it as written
  }
  actions.openFile(path);
}

/** Text content of a hast element (the code inside a <pre>). */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { type?: string; value?: unknown; children?: unknown[] };
  if (n.type === 'text' && typeof n.value === 'string') return n.value;
  return (n.children ?? []).map(textOf).join('');
}

function langOf(node: unknown): string {
  const code = (node as { children?: { properties?: { className?: unknown } }[] } | undefined)?.children?.[0];
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes : [];
  const lang = list.map(String).find((c) => c.startsWith('language-'));
  return lang ? lang.slice('language-'.length) : '';
}

function makeComponents(actions: ChatActions): Components {
  return {
    a({ href, children, title }) {
      const target = href ?? '';
      const onClick = (e: MouseEvent) => {
        e.preventDefault();
        if (target) follow(target, actions);
      };
      // href is kept for the status-bar preview and "copy link"; the click never navigates.
      return (
        <a href={target || undefined} title={title ?? target} onClick={onClick} className={isExternal(target) ? 'external-link' : 'file-link'}>
          {children}
        </a>
      );
    },
    img({ src, alt }) {
      // Remote images would break the CSP and could track the reader: show a link instead.
      const target = typeof src === 'string' ? src : '';
      return target ? (
        <a
          href={target}
          onClick={(e) => {
            e.preventDefault();
            follow(target, actions);
          }}
        >
          {alt || target}
        </a>
      ) : (
        <span>{alt}</span>
      );
    },
    pre({ node }) {
      const code = textOf(node).replace(/\n$/, '');
      return <CodeBlock code={code} lang={langOf(node)} />;
    },
  };
}

export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }): ReactNode {
  const actions = useActions();
  // Stable component identities: new ones would remount every code block (and its highlighting) per delta.
  const components = useMemo(() => makeComponents(actions), [actions]);
  // While streaming, each finished block keeps its rendered tree and only the last one is parsed again. A reply
  // that streamed here keeps those blocks when it finishes (see blocksToRender); one opened finished is one parse.
  const [streamed, setStreamed] = useState(streaming);
  if (streaming && !streamed) setStreamed(true);
  const blocks = useMemo(() => blocksToRender(text, streaming, streamed), [streaming, streamed, text]);
  return (
    <div className="message-text markdown">
      {blocks.map((block, i) => (
        <MarkdownBlock key={i} text={block} components={components} />
      ))}
    </div>
  );
});

const MarkdownBlock = memo(function MarkdownBlock({ text, components }: { text: string; components: Components }): ReactNode {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} urlTransform={defaultUrlTransform} components={components}>
      {text}
    </ReactMarkdown>
  );
});
