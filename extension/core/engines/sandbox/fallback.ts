/**
 * The user's agreement to run commands unsandboxed when the `sandbox` setting is on but the sandbox cannot
 * run here (docs/ARCHITECTURE.md, Sandbox). The host supplies how to ask (VS Code: a modal; the CLI: the
 * `--allow-unsandboxed` flag); an agreement lasts for the session, so the question comes once. A refusal
 * is not kept: the next command asks again, in case it was a slip.
 */
import type { SandboxFallbackPort } from '../../contracts/shell';

export function sessionSandboxFallback(ask: (reason: string) => Promise<boolean>): SandboxFallbackPort {
  let agreed = false;
  let pending: Promise<boolean> | undefined;
  return {
    async allowUnsandboxed(reason) {
      if (agreed) return true;
      // Concurrent commands share one question.
      pending ??= ask(reason).finally(() => (pending = undefined));
      agreed = (await pending) === true;
      return agreed;
    },
  };
}
