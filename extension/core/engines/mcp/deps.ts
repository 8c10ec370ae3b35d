/**
 * What the MCP manager (manager.ts) is built from: the host's connector, the approval of project servers,
 * workspace trust, the timers of the backoff and a log.
 */
import type { Logger } from '../../contracts/settings';
import type { McpConnector, McpServerEntry } from '../../contracts/mcp';

/** Asks the user whether a project server may start; the host remembers the answer per workspace. */
export interface McpApprovalPort {
  /**
   * True: allowed; false: declined; undefined: the question was closed without an answer. `askAgain`: the
   * user asked to approve it (or restarted it), so a remembered "no" does not count.
   */
  approve(entry: McpServerEntry, options?: { askAgain?: boolean }): Promise<boolean | undefined>;
  /**
   * False for a port that never waits for a person, only looks the answer up (the CLI's, from the settings
   * files): the server stays `connecting` meanwhile, so `whenSettled` waits for the answer. Otherwise it is
   * `needsApproval` while the question may be showing.
   */
  readonly asks?: boolean;
}

/** Test seam for the backoff. */
export interface McpTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface McpManagerDeps {
  connector: McpConnector;
  /** Without it, project servers stay `needsApproval` (nobody can answer). */
  approval?: McpApprovalPort;
  /**
   * Whether the workspace is trusted (VS Code's workspace trust); while it is not, project servers stay
   * `disabled` (reason `untrusted`) and nobody is asked. Absent: trusted (the CLI has no such notion).
   */
  trusted?: () => boolean;
  timers?: McpTimers;
  log?: Logger;
  backoff?: { firstMs: number; maxMs: number };
}

export const REAL_TIMERS: McpTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A waiting reconnect must not keep the CLI's process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
