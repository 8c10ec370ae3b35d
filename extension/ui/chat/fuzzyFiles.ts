/**
 * Ranks workspace paths for the composer's `@` completion. A path matches when the query's characters
 * appear in it in order (case-insensitive); matches in the file name, at word starts and in runs score
 * higher, and shorter paths win ties. Free of `vscode` so it is unit-tested directly.
 */

const BOUNDARY = new Set(['/', '\\', '.', '-', '_', ' ']);

/** The match score of `query` in `path`, or undefined when the characters do not all appear in order. */
export function fuzzyScore(query: string, path: string): number | undefined {
  const q = query.toLowerCase();
  if (!q) return 0;
  const p = path.toLowerCase();
  const nameStart = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1;
  // A query found whole in the file name beats any scattered match.
  const inName = p.indexOf(q, nameStart);
  if (inName >= 0) return 1000 - (inName === nameStart ? 0 : 50) - (p.length - nameStart) - p.length / 100;
  let score = 0;
  let from = 0;
  let prev = -2;
  for (const ch of q) {
    const at = p.indexOf(ch, from);
    if (at < 0) return undefined;
    let s = 1;
    if (at === prev + 1) s += 5;
    if (at === 0 || BOUNDARY.has(p.charAt(at - 1))) s += 3;
    if (at >= nameStart) s += 2;
    score += s;
    prev = at;
    from = at + 1;
  }
  return score - p.length / 100;
}

/** The best `limit` matches of `query` among `paths`, best first. */
export function rankFiles(query: string, paths: readonly string[], limit: number): string[] {
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const score = fuzzyScore(query, path);
    if (score !== undefined) scored.push({ path, score });
  }
  scored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  return scored.slice(0, limit).map((s) => s.path);
}
