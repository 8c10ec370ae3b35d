/**
 * Which service the model requests go to: the Anthropic API (default), Amazon Bedrock, Google Vertex AI or
 * Microsoft Foundry. Chosen by the host's setting (`codewright.provider`, the CLI's `--provider`) or, when that
 * is `auto`, by Claude Code's environment variables (`CLAUDE_CODE_USE_BEDROCK=1` …), so a machine set up for
 * Claude Code works unchanged. No SDK is imported here: the hosts read this at start-up, and the cloud SDKs
 * load only when a request needs them (providers/sdk.ts).
 */

export const PROVIDER_NAMES = ['anthropic', 'bedrock', 'vertex', 'foundry'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The setting's values: a provider, or `auto` (the environment decides, else the Anthropic API). */
export const PROVIDER_SETTING_VALUES = ['auto', ...PROVIDER_NAMES] as const;

/** The environment the providers read (process.env in the hosts; a plain object in tests). */
export type ProviderEnv = Readonly<Record<string, string | undefined>>;

export interface ProviderChoice {
  name: ProviderName;
  /** What chose it: the setting or flag, a CLAUDE_CODE_USE_* variable, or nothing (the default). */
  source: 'setting' | 'environment' | 'default';
  /** Set when the setting held something that is no provider (it is then ignored). */
  problem?: string;
}

export const PROVIDER_LABELS: Readonly<Record<ProviderName, string>> = {
  anthropic: 'Anthropic API',
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI',
  foundry: 'Microsoft Foundry',
};

/** Claude Code's switches, in its order of precedence. */
const ENV_SWITCHES: readonly (readonly [string, ProviderName])[] = [
  ['CLAUDE_CODE_USE_BEDROCK', 'bedrock'],
  ['CLAUDE_CODE_USE_VERTEX', 'vertex'],
  ['CLAUDE_CODE_USE_FOUNDRY', 'foundry'],
];

/** "1", "true", "yes", "on" (any case), as Claude Code reads its switches. */
export function isEnvTruthy(value: string | undefined): boolean {
  return value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** The provider for a setting value (`auto`, empty or absent: the environment's, else the Anthropic API). */
export function chooseProvider(setting: string | undefined, env: ProviderEnv): ProviderChoice {
  const wanted = setting?.trim().toLowerCase() ?? '';
  if (isProviderName(wanted)) return { name: wanted, source: 'setting' };
  const problem =
    wanted && wanted !== 'auto' ? `Unknown provider "${setting}" (expected one of ${PROVIDER_SETTING_VALUES.join(', ')}); using auto.` : undefined;
  const fromEnv = ENV_SWITCHES.find(([name]) => isEnvTruthy(env[name]));
  const choice: ProviderChoice = fromEnv ? { name: fromEnv[1], source: 'environment' } : { name: 'anthropic', source: 'default' };
  return problem ? { ...choice, problem } : choice;
}

/** A cloud provider needs no Anthropic API key: its own credentials come from its environment. */
export function needsAnthropicKey(provider: ProviderName): boolean {
  return provider === 'anthropic';
}

/** One line for the log and the CLI: the provider, where its requests go, and what chose it. */
export function describeProvider(choice: ProviderChoice, env: ProviderEnv): string {
  const where = whereOf(choice.name, env);
  const why = choice.source === 'environment' ? `, from ${ENV_SWITCHES.find(([, n]) => n === choice.name)?.[0]}` : choice.source === 'setting' ? ', from the setting' : '';
  return `${PROVIDER_LABELS[choice.name]}${where ? ` (${where}${why})` : why ? ` (${why.slice(2)})` : ''}`;
}

function whereOf(name: ProviderName, env: ProviderEnv): string {
  switch (name) {
    case 'bedrock':
      return `region ${bedrockRegion(env)}`;
    case 'vertex':
      return [env.CLOUD_ML_REGION?.trim() && `region ${env.CLOUD_ML_REGION.trim()}`, env.ANTHROPIC_VERTEX_PROJECT_ID?.trim() && `project ${env.ANTHROPIC_VERTEX_PROJECT_ID.trim()}`]
        .filter(Boolean)
        .join(', ');
    case 'foundry':
      return env.ANTHROPIC_FOUNDRY_RESOURCE?.trim() ? `resource ${env.ANTHROPIC_FOUNDRY_RESOURCE.trim()}` : env.ANTHROPIC_FOUNDRY_BASE_URL?.trim() ?? '';
    default:
      return '';
  }
}

/** AWS_REGION, then AWS_DEFAULT_REGION (the AWS CLI's), then us-east-1 as Claude Code does. */
export function bedrockRegion(env: ProviderEnv): string {
  return env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || 'us-east-1';
}

/** What to check when a provider refuses the credentials (the error's second sentence). */
export const PROVIDER_AUTH_HINTS: Readonly<Record<ProviderName, string>> = {
  anthropic: 'Run "Codewright: Set API Key" to set a valid key.',
  bedrock: 'Check your AWS credentials (AWS_PROFILE, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK), AWS_REGION, and that the model is enabled in your account.',
  vertex: 'Check your Google credentials (`gcloud auth application-default login`), ANTHROPIC_VERTEX_PROJECT_ID and CLOUD_ML_REGION, and that the model is enabled in the project.',
  foundry: 'Check ANTHROPIC_FOUNDRY_API_KEY, or your Microsoft Entra sign-in (`az login`, a managed identity) without one, and ANTHROPIC_FOUNDRY_RESOURCE (or ANTHROPIC_FOUNDRY_BASE_URL).',
};
