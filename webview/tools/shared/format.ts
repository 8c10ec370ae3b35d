/** Small formatters the web and MCP rows share: sizes a person reads, and a URL split into host and path. */

const UNITS = ['KB', 'MB', 'GB'] as const;

/** 512 → "512 B", 2048 → "2.0 KB", 5_300_000 → "5.1 MB" (1024-based, like the editor's file sizes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${String(Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${UNITS[unit] ?? 'GB'}`;
}

export interface UrlParts {
  host: string;
  /** Path, query and fragment; "/" for a bare host. */
  path: string;
  /** http(s): the host may open it in the browser. */
  web: boolean;
}

/** Undefined for text that is not a URL (the row then shows it as written). */
export function splitUrl(url: string): UrlParts | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  const host = parsed.host || parsed.protocol.replace(/:$/, '');
  const path = `${parsed.pathname || '/'}${parsed.search}${parsed.hash}`;
  return { host, path, web };
}

export function isWebUrl(url: string): boolean {
  return splitUrl(url)?.web === true;
}
