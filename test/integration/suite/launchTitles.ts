/**
 * Suites that need a window of their own, by launch name: test/integration/run.ts opens one window per entry
 * (with `CODEWRIGHT_TEST_LAUNCH=<name>`) and suite/index.ts runs only that suite in it; the folder launch runs
 * everything else.
 */
export const LAUNCH_TITLES = {
  /** Two workspace folders (test/fixtures/multiroot). */
  multiroot: 'a multi-root workspace in the real extension host',
  /** Workspace trust on and the folder not trusted: Restricted Mode. */
  untrusted: 'an untrusted folder in Restricted Mode in the real extension host',
  /** 26 scenarios whose Node processes take minutes on a busy machine: a window (and a time limit) of its own. */
  conformance: 'The MCP conformance suite with the extension host as the client',
} as const;

export type OwnLaunch = keyof typeof LAUNCH_TITLES;

/** The launch `CODEWRIGHT_TEST_LAUNCH` names, if it is one of the above. */
export function ownLaunch(name: string | undefined): OwnLaunch | undefined {
  return name && name in LAUNCH_TITLES ? (name as OwnLaunch) : undefined;
}
