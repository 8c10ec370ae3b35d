/**
 * The CLI's provider (`--provider`, else Claude Code's CLAUDE_CODE_USE_* variables) and fallback model
 * (`--fallback-model`): checked before the run starts, so a missing key or a fallback equal to the model is
 * a clear error instead of a failed first request.
 */
import type { CredentialsPort } from '../core/contracts/settings';
import { chooseProvider, describeProvider, needsAnthropicKey, type ProviderChoice, type ProviderEnv } from '../llm/providers/select';

export function checkCliProvider(
  opts: { provider: string; 'fallback-model'?: string | undefined },
  model: string,
  env: ProviderEnv,
  hasKey: boolean,
): { ok: true; choice: ProviderChoice } | { ok: false; error: string } {
  const choice = chooseProvider(opts.provider, env);
  if (needsAnthropicKey(choice.name) && !hasKey) {
    return { ok: false, error: 'ANTHROPIC_API_KEY is not set (or choose Bedrock, Vertex AI or Foundry with --provider or CLAUDE_CODE_USE_BEDROCK=1 …).' };
  }
  if (opts['fallback-model'] === model) return { ok: false, error: `--fallback-model must differ from the model (${model}).` };
  return { ok: true, choice };
}

/** The provider of the run, or undefined after writing why the run cannot start; with --verbose, which one it is. */
export async function cliProvider(
  opts: { provider: string; 'fallback-model'?: string | undefined; verbose: boolean },
  model: string,
  io: { env: ProviderEnv; credentials: CredentialsPort; stderr: NodeJS.WritableStream },
): Promise<ProviderChoice['name'] | undefined> {
  const checked = checkCliProvider(opts, model, io.env, !!(await io.credentials.getApiKey()));
  if (!checked.ok) {
    io.stderr.write(`codewright: ${checked.error}\n`);
    return undefined;
  }
  if (opts.verbose) io.stderr.write(`codewright: provider: ${describeProvider(checked.choice, io.env)}\n`);
  return checked.choice.name;
}
