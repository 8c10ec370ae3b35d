/**
 * The CLI's answer when the `sandbox` setting is on but the sandbox cannot run here: nobody can be asked,
 * so `--allow-unsandboxed` decides (with a warning on stderr, once); without it Bash refuses such commands
 * with the message saying what to install.
 */
import { sessionSandboxFallback } from '../core/engines/sandbox/fallback';
import type { SandboxFallbackPort } from '../core/contracts/shell';
import type { CliOptions } from './args';

export function cliSandboxFallback(opts: Pick<CliOptions, 'allow-unsandboxed'>, stderr: { write(text: string): unknown } = process.stderr): SandboxFallbackPort {
  return sessionSandboxFallback(async (reason) => {
    if (!opts['allow-unsandboxed']) return false;
    stderr.write(`codewright: ${reason}\ncodewright: running commands unsandboxed (--allow-unsandboxed).\n`);
    return true;
  });
}
