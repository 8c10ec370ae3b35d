/**
 * A session's memory (docs/ARCHITECTURE.md, Memory): the memory files read again at the start of each turn,
 * so an edited CLAUDE.md (or a `#` note just saved) counts from the next turn, and the nested-memory tracker
 * the tools' context carries. Unchanged files give the same system prompt bytes, so the prompt cache holds.
 * Problems (a missing import, a cycle) are reported once per session, not every turn.
 */
import { formatConfigProblem, type ConfigProblem } from '../../base/configProblems';
import type { EnvironmentInfo, EnvironmentPort } from '../../contracts/environment';
import { NestedMemory } from './nested';

export class SessionMemory {
  /** Absent when the environment cannot read files for it. */
  readonly nested: NestedMemory | undefined;
  private readonly reported = new Set<string>();

  constructor(
    private readonly env: EnvironmentPort,
    cwd: string,
    private readonly onProblems?: (problems: readonly ConfigProblem[]) => void,
  ) {
    this.nested = env.memoryIo ? new NestedMemory({ root: cwd, io: env.memoryIo, onProblems: (p) => this.report(p) }) : undefined;
  }

  /** `info` with its memory files read now; unchanged when the port cannot re-read them or the read fails. */
  async refresh(info: EnvironmentInfo): Promise<EnvironmentInfo> {
    if (!this.env.memory) return info;
    try {
      const load = await this.env.memory();
      this.report(load.problems);
      return { ...info, memoryFiles: load.files };
    } catch {
      // The session's first snapshot is still a good answer; a turn must not fail over memory.
      return info;
    }
  }

  private report(problems: readonly ConfigProblem[]): void {
    const fresh = problems.filter((p) => !this.reported.has(formatConfigProblem(p)));
    for (const p of fresh) this.reported.add(formatConfigProblem(p));
    if (fresh.length) this.onProblems?.(fresh);
  }
}
