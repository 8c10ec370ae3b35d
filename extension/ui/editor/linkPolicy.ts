/**
 * What the webview may ask the editor to open. Free of `vscode` so the rules are unit-tested: the webview
 * renders model output, so every link and path it sends is treated as untrusted.
 */
import * as path from 'node:path';

/** http(s) URLs only, and only well-formed ones; everything else (javascript:, file:, command:) is refused. */
export function externalUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
}

export interface PathCheck {
  /** Workspace folders, absolute; relative paths are taken from the first. */
  roots: readonly string[];
  /** Whether an absolute path is an existing file. */
  isFile: (absPath: string) => Promise<boolean>;
}

/**
 * The absolute file a webview path names, or undefined when it must not be opened: a relative path
 * resolves inside the first workspace folder and may not climb out of it; an absolute path must be an
 * existing file. `file://` URIs and `path:line` suffixes are accepted because markdown links carry them.
 */
export async function resolveOpenPath(raw: string, check: PathCheck): Promise<{ path: string; line?: number } | undefined> {
  let p = raw.trim();
  let line: number | undefined;
  if (p.startsWith('file://')) {
    try {
      p = decodeURIComponent(new URL(p).pathname);
    } catch {
      return undefined;
    }
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(p) && !/^[a-z]:[\\/]/i.test(p)) {
    return undefined; // another scheme (http:, command:, vscode:) is not a file
  }
  const hash = /#L(\d+)(?:-L?\d+)?$/.exec(p);
  if (hash) {
    line = Number(hash[1]);
    p = p.slice(0, hash.index);
  }
  const suffix = /:(\d+)(?::\d+)?$/.exec(p);
  if (suffix && !/^[a-z]:$/i.test(p.slice(0, suffix.index))) {
    line = Number(suffix[1]);
    p = p.slice(0, suffix.index);
  }
  if (!p || p.includes('\0')) return undefined;
  let abs: string;
  if (path.isAbsolute(p)) {
    abs = path.normalize(p);
  } else {
    const root = check.roots[0];
    if (!root) return undefined;
    abs = path.resolve(root, p);
    const rel = path.relative(root, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  }
  if (!(await check.isFile(abs))) return undefined;
  return line !== undefined && line > 0 ? { path: abs, line } : { path: abs };
}
