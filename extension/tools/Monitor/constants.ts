/** Monitor's limits. */
export const MIN_MONITOR_TIMEOUT_MS = 100;
export const MAX_MONITOR_TIMEOUT_MS = 3_600_000;
