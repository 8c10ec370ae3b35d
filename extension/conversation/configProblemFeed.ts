/**
 * The chat's feed of ConfigProblems (core/base/configProblems.ts): each part of the `.claude/` setup that was
 * skipped (a command file now; agents, hooks and memory as they report), grouped by who reported it. A new
 * problem is logged once, however often it is reported again; the view gets the whole list
 * (protocol/panels.ts `configProblems`) whenever it changes.
 */
import { formatConfigProblem, type ConfigProblem } from '../core/base/configProblems';
import type { Logger } from '../core/contracts/settings';

/** The protocol's cap on one `configProblems` message. */
const MAX_PROBLEMS = 200;

export class ConfigProblemFeed {
  private readonly bySource = new Map<string, ConfigProblem[]>();
  private readonly logged = new Set<string>();
  private readonly listeners = new Set<(problems: ConfigProblem[]) => void>();
  private last = '[]';

  constructor(private readonly log: Logger) {}

  /** Replaces what `source` reported (`commands`, `agents`, `hooks`, `memory`); an empty list clears it. */
  set(source: string, problems: readonly ConfigProblem[]): void {
    this.bySource.set(source, [...problems]);
    for (const p of problems) {
      const line = formatConfigProblem(p);
      if (this.logged.has(line)) continue;
      this.logged.add(line);
      this.log.warn(`Skipped ${p.kind}: ${line}`);
    }
    const all = this.all();
    const key = JSON.stringify(all);
    if (key === this.last) return;
    this.last = key;
    for (const l of this.listeners) l(all);
  }

  /** Every problem, capped at what one message may carry; messages longer than the protocol allows are cut. */
  all(): ConfigProblem[] {
    return [...this.bySource.values()]
      .flat()
      .slice(0, MAX_PROBLEMS)
      .map((p) => ({ ...p, path: p.path.slice(0, 4096), message: p.message.slice(0, 2000) }));
  }

  onChange(listener: (problems: ConfigProblem[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
