/**
 * Model ids per provider. Core and the settings speak the Anthropic API's ids (`claude-sonnet-5-5`) and the
 * aliases `opus` / `sonnet` / `haiku`; Bedrock wants its own (`anthropic.claude-…-v1:0`, or a cross-region
 * inference profile `us.anthropic.…`) and Vertex AI its own (`claude-…@20250929`). The ids the code uses are
 * mapped here as each request goes out; any other id (a Bedrock ARN or profile, a Vertex id, a Foundry
 * deployment name the user typed) passes through unchanged, so a user can always name the exact model.
 * Cost and the context meter keep reading the Anthropic id: the mapping is wire-only.
 */
import { bedrockRegion, type ProviderEnv, type ProviderName } from './select';

interface CloudIds {
  /** Bedrock's base model id; requests use its cross-region inference profile (prefix from the region). */
  bedrock: string;
  vertex: string;
}

/**
 * Models released with dated ids carry the date on both clouds; the later ones have no date (as Opus 4.6),
 * on Bedrock `anthropic.<id>-v1` and on Vertex AI the bare id.
 */
const CLOUD_IDS: Readonly<Record<string, CloudIds>> = {
  'claude-opus-5-5': { bedrock: 'anthropic.claude-opus-5-5-v1', vertex: 'claude-opus-5-5' },
  'claude-sonnet-5-5': { bedrock: 'anthropic.claude-sonnet-5-5-v1', vertex: 'claude-sonnet-5-5' },
  'claude-haiku-5-5': { bedrock: 'anthropic.claude-haiku-5-5-v1', vertex: 'claude-haiku-5-5' },
  'claude-opus-4-6': { bedrock: 'anthropic.claude-opus-4-6-v1', vertex: 'claude-opus-4-6' },
  'claude-opus-4-5': { bedrock: 'anthropic.claude-opus-4-5-20251101-v1:0', vertex: 'claude-opus-4-5@20251101' },
  'claude-opus-4-1': { bedrock: 'anthropic.claude-opus-4-1-20250805-v1:0', vertex: 'claude-opus-4-1@20250805' },
  'claude-opus-4': { bedrock: 'anthropic.claude-opus-4-20250514-v1:0', vertex: 'claude-opus-4@20250514' },
  'claude-sonnet-4-5': { bedrock: 'anthropic.claude-sonnet-4-5-20250929-v1:0', vertex: 'claude-sonnet-4-5@20250929' },
  'claude-sonnet-4': { bedrock: 'anthropic.claude-sonnet-4-20250514-v1:0', vertex: 'claude-sonnet-4@20250514' },
  'claude-haiku-4-5': { bedrock: 'anthropic.claude-haiku-4-5-20251001-v1:0', vertex: 'claude-haiku-4-5@20251001' },
};

/** The aliases, as core/loop/subagents/definitions.ts resolves them, and Claude Code's variables that pin them. */
const ALIASES: Readonly<Record<string, { id: string; pin: string }>> = {
  opus: { id: 'claude-opus-5-5', pin: 'ANTHROPIC_DEFAULT_OPUS_MODEL' },
  sonnet: { id: 'claude-sonnet-5-5', pin: 'ANTHROPIC_DEFAULT_SONNET_MODEL' },
  haiku: { id: 'claude-haiku-5-5', pin: 'ANTHROPIC_DEFAULT_HAIKU_MODEL' },
};

/**
 * The id to send for `model` on a cloud `provider`. An alias, or the id it stands for (what core resolves `haiku` to for
 * its side requests), takes the id pinned with ANTHROPIC_DEFAULT_<FAMILY>_MODEL when that is set.
 */
export function providerModelId(provider: ProviderName, model: string, env: ProviderEnv): string {
  if (provider === 'anthropic') return model; // the API's own ids: nothing to map
  const alias = ALIASES[model] ?? Object.values(ALIASES).find((a) => a.id === model);
  // A pinned id is the user's own id for this provider: sent as it is.
  const pinned = alias ? env[alias.pin]?.trim() : undefined;
  if (pinned) return pinned;
  const anthropicId = alias?.id ?? model;
  if (provider === 'foundry') return anthropicId; // Foundry deployments are named after the API's ids
  const ids = CLOUD_IDS[anthropicId] ?? CLOUD_IDS[anthropicId.replace(/-\d{8}$/, '')];
  if (!ids) return anthropicId;
  return provider === 'vertex' ? ids.vertex : `${bedrockProfilePrefix(bedrockRegion(env))}.${ids.bedrock}`;
}

/** The geography of Bedrock's cross-region inference profiles for a region (us-east-1 → us). */
export function bedrockProfilePrefix(region: string): string {
  if (/^(us|ca)-/.test(region)) return 'us';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('ap-')) return 'apac';
  return 'global';
}
