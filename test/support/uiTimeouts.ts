/**
 * How long a UI assertion waits for its state (both UI test layers' `expect.poll` default). A passing check
 * returns at once, so this only bounds how long a failure takes to report; it is generous because CI
 * machines are slower or busier than a laptop. Kept free of imports so the vitest configs can read it.
 */
export const UI_TIMEOUT_MS = 15_000;

/** Poll interval: short enough that passing checks stay fast. */
export const UI_POLL_MS = 50;
