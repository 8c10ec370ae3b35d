import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bedrockProfilePrefix, providerModelId } from '../../../../extension/llm/providers/modelIds';
import { chooseProvider, describeProvider, needsAnthropicKey } from '../../../../extension/llm/providers/select';

describe('llm/providers/select', () => {
  it('follows the setting, else Claude Code\'s CLAUDE_CODE_USE_* variables, else the Anthropic API', () => {
    expect(chooseProvider('vertex', { CLAUDE_CODE_USE_BEDROCK: '1' })).toEqual({ name: 'vertex', source: 'setting' });
    expect(chooseProvider('auto', { CLAUDE_CODE_USE_BEDROCK: '1' })).toEqual({ name: 'bedrock', source: 'environment' });
    expect(chooseProvider(undefined, { CLAUDE_CODE_USE_VERTEX: 'true' })).toEqual({ name: 'vertex', source: 'environment' });
    expect(chooseProvider('auto', { CLAUDE_CODE_USE_FOUNDRY: 'on' })).toEqual({ name: 'foundry', source: 'environment' });
    // "0" and "false" switch nothing on.
    expect(chooseProvider('auto', { CLAUDE_CODE_USE_BEDROCK: '0', CLAUDE_CODE_USE_VERTEX: 'false' })).toEqual({ name: 'anthropic', source: 'default' });
    expect(chooseProvider('anthropic', { CLAUDE_CODE_USE_BEDROCK: '1' })).toEqual({ name: 'anthropic', source: 'setting' });
  });

  it('ignores a setting that names no provider, and says so', () => {
    const choice = chooseProvider('azure', { CLAUDE_CODE_USE_VERTEX: '1' });
    expect(choice).toMatchObject({ name: 'vertex', source: 'environment' });
    expect(choice.problem).toBe('Unknown provider "azure" (expected one of auto, anthropic, bedrock, vertex, foundry); using auto.');
  });

  it('describes the provider with where its requests go', () => {
    expect(describeProvider({ name: 'bedrock', source: 'environment' }, { AWS_DEFAULT_REGION: 'eu-central-1' })).toBe('Amazon Bedrock (region eu-central-1, from CLAUDE_CODE_USE_BEDROCK)');
    expect(describeProvider({ name: 'vertex', source: 'setting' }, { CLOUD_ML_REGION: 'global', ANTHROPIC_VERTEX_PROJECT_ID: 'p1' })).toBe('Google Vertex AI (region global, project p1, from the setting)');
    expect(describeProvider({ name: 'anthropic', source: 'default' }, {})).toBe('Anthropic API');
    expect(needsAnthropicKey('anthropic')).toBe(true);
    expect(needsAnthropicKey('bedrock')).toBe(false);
  });
});

describe('llm/providers/modelIds', () => {
  it('maps the API ids and aliases the code uses to each cloud\'s ids', () => {
    expect(providerModelId('bedrock', 'claude-sonnet-4-5', { AWS_REGION: 'us-west-2' })).toBe('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(providerModelId('bedrock', 'claude-sonnet-4-5-20250929', { AWS_REGION: 'ap-northeast-1' })).toBe('apac.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(providerModelId('bedrock', 'claude-sonnet-5-5', {})).toBe('us.anthropic.claude-sonnet-5-5-v1');
    expect(providerModelId('vertex', 'claude-opus-4-1', {})).toBe('claude-opus-4-1@20250805');
    expect(providerModelId('vertex', 'opus', {})).toBe('claude-opus-5-5');
    expect(providerModelId('foundry', 'sonnet', {})).toBe('claude-sonnet-5-5');
  });

  it('passes ids the user set through unchanged, and the Anthropic API\'s untouched', () => {
    expect(providerModelId('bedrock', 'arn:aws:bedrock:us-east-1:123:inference-profile/x', {})).toBe('arn:aws:bedrock:us-east-1:123:inference-profile/x');
    expect(providerModelId('vertex', 'claude-sonnet-4-5@20250929', {})).toBe('claude-sonnet-4-5@20250929');
    expect(providerModelId('anthropic', 'claude-sonnet-4-5', { AWS_REGION: 'eu-west-1' })).toBe('claude-sonnet-4-5');
  });

  it('takes the id pinned with ANTHROPIC_DEFAULT_<FAMILY>_MODEL for an alias and the id it stands for', () => {
    const env = { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'eu.anthropic.claude-haiku-4-5-20251001-v1:0' };
    expect(providerModelId('bedrock', 'haiku', env)).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(providerModelId('bedrock', 'claude-haiku-5-5', env)).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(providerModelId('bedrock', 'claude-sonnet-5-5', env)).toBe('us.anthropic.claude-sonnet-5-5-v1');
  });

  it('picks the inference profile geography from the region', () => {
    expect(['us-east-1', 'ca-central-1', 'eu-west-3', 'ap-south-1', 'sa-east-1'].map(bedrockProfilePrefix)).toEqual(['us', 'us', 'eu', 'apac', 'global']);
  });
});

describe('the cloud SDKs load lazily', () => {
  const root = path.resolve(__dirname, '../../../../extension');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('only providers/{bedrock,vertex,foundry}.ts import them, and nothing imports those modules but through import()', () => {
    const importers: string[] = [];
    const staticUsers: string[] = [];
    const azure: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      if (/^import (?!type)[^;]*from '@anthropic-ai\/(bedrock|vertex|foundry)-sdk'/m.test(text)) importers.push(rel);
      if (/^import (?!type)[^;]*from '@azure\/identity'/m.test(text)) azure.push(rel);
      if (/^import (?!type)[^;]*from '(\.\/|\.\.\/)*(providers\/)?(bedrock|vertex|foundry)'/m.test(text)) staticUsers.push(rel);
    }
    expect(importers.sort()).toEqual(['llm/providers/bedrock.ts', 'llm/providers/foundry.ts', 'llm/providers/vertex.ts']);
    expect(staticUsers).toEqual([]);
    expect(azure).toEqual(['llm/providers/foundry.ts']);
    expect(readFileSync(path.join(root, 'llm/providers/sdk.ts'), 'utf8')).toMatch(/await import\('\.\/bedrock'\)/);
  });
});
