/**
 * V8 settings for the CLI process, trading CPU the agent does not spend for resident memory
 * (docs/ARCHITECTURE.md, Host memory). Imported first by cli/main.ts, so they apply before the bundle's
 * other modules are evaluated; only when the bundle is the process's main module, never in the tests'.
 *
 * - `--liftoff-only`: WebAssembly (the Bash grammar) compiled by the baseline compiler only.
 * - `--semi-space-growth-factor=1`: the young generation keeps its starting size instead of growing to
 *   16 MB semi-spaces under the session's allocation (about 13 MB of peak RSS; more, cheap scavenges).
 * - `--interrupt-budget=1000000`: a function must run about 7 times longer before TurboFan optimises it,
 *   so start-up code is not compiled twice; a hot loop (a large Edit's diff) is still optimised
 *   (`--no-opt` would save 3 MB more but made such a diff 3× slower).
 * - `--optimize-for-size`: V8's own size-over-speed choices (smaller heap growth steps).
 */
import { setFlagsFromString } from 'node:v8';

export const CLI_V8_FLAGS = ['--liftoff-only', '--semi-space-growth-factor=1', '--interrupt-budget=1000000', '--optimize-for-size'];

if (typeof require !== 'undefined' && require.main === module) {
  for (const flag of CLI_V8_FLAGS) setFlagsFromString(flag);
}
