/**
 * Ranking for ToolSearch: `select:A,B` picks tools by exact name; anything else is a keyword search over
 * tool names (split into words: `mcp__github__create_issue`, `NotebookEdit`), search hints and descriptions.
 */
export interface SearchableTool {
  name: string;
  searchHint?: string;
  description: string;
}

/** `NotebookEdit` → notebook, edit; `mcp__github__create_issue` → mcp, github, create, issue. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);
}

export function parseSelect(query: string): string[] | undefined {
  const m = /^\s*select:(.*)$/i.exec(query);
  if (!m) return undefined;
  return m[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Scores: exact name 100, name word 10 (prefix 5), hint word 4, description word 1. Ties keep catalogue order. */
export function rankTools(query: string, tools: readonly SearchableTool[], max: number): string[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const scored = tools.map((tool, index) => {
    const name = nameWords(tool.name);
    const hint = new Set(words(tool.searchHint ?? ''));
    const desc = new Set(words(tool.description));
    let score = tool.name.toLowerCase() === query.trim().toLowerCase() ? 100 : 0;
    let matchedTerms = 0;
    for (const term of terms) {
      let s = 0;
      if (name.includes(term)) s += 10;
      else if (name.some((w) => w.startsWith(term) || term.startsWith(w))) s += 5;
      if (hint.has(term)) s += 4;
      if (desc.has(term)) s += 1;
      if (s > 0) matchedTerms++;
      score += s;
    }
    // Tools that match more of the query's words rank above tools that match one word strongly.
    return { name: tool.name, score: score + matchedTerms * 3, index };
  });
  return scored
    .filter((s) => s.score > 3)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .map((s) => s.name);
}
