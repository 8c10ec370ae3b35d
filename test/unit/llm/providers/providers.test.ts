/**
 * Each cloud provider's SDK client, as llm/providers/ builds it, against a loopback front of the fake API
 * (test/fixtures/fake-providers): the request it sends (path, auth, body) and the streamed reply the
 * ModelClient makes of the cloud's answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModelError, type ModelStreamEvent } from '../../../../extension/core/contracts/modelClient';
import { AnthropicModelClient } from '../../../../extension/llm/anthropicModelClient';
import type { VertexAuthClient } from '../../../../extension/llm/providers/vertex';
import { FOUNDRY_TOKEN_SCOPE } from '../../../../extension/llm/providers/foundry';
import type { ProviderOverrides } from '../../../../extension/llm/providers/sdk';
import { vertexRegionFor, vertexRegionVariables } from '../../../../extension/llm/providers/vertexRegion';
import type { ProviderEnv, ProviderName } from '../../../../extension/llm/providers/select';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fixtures/fake-anthropic';
import { startFakeProvider, type FakeProvider, type ProviderKind } from '../../../fixtures/fake-providers';
import { keyless, RecordingLogger } from '../../support';

let api: FakeAnthropic;
const fronts = {} as Record<ProviderKind, FakeProvider>;

beforeAll(async () => {
  api = await startFakeAnthropic();
  for (const kind of ['bedrock', 'vertex', 'foundry'] as const) fronts[kind] = await startFakeProvider(kind, api);
});
afterAll(async () => {
  await Promise.all(Object.values(fronts).map((f) => f.close()));
  await api.close();
});
beforeEach(() => {
  for (const f of Object.values(fronts)) f.requests.length = 0;
  api.requests.length = 0;
});

/** A Google auth client that hands out a fixed token, as google-auth-library's does after sign-in. */
const fakeGoogleAuth = { getRequestHeaders: async () => new Headers({ authorization: 'Bearer ya29.fake-token' }), projectId: undefined } as unknown as VertexAuthClient;

function clientOn(provider: ProviderName, env: ProviderEnv, log = new RecordingLogger(), overrides: ProviderOverrides = {}): AnthropicModelClient {
  return new AnthropicModelClient({
    // No Anthropic key at all: the cloud providers must not need one.
    credentials: keyless,
    settings: { model: () => 'unused', maxTokens: () => 1, apiBaseUrl: () => undefined },
    log,
    provider: () => provider,
    env,
    providerOverrides: { vertexAuthClient: fakeGoogleAuth, ...overrides },
  });
}

async function streamHello(client: AnthropicModelClient, model = 'claude-sonnet-4-5'): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  const request = { model, maxTokens: 64, messages: [{ role: 'user' as const, content: 'hello' }], signal: new AbortController().signal };
  for await (const e of client.stream(request)) events.push(e);
  return events;
}

function replyText(events: ModelStreamEvent[]): string {
  return events.flatMap((e) => (e.type === 'textDelta' ? [e.text] : [])).join('');
}

describe('Amazon Bedrock (AnthropicBedrock) against a loopback front', () => {
  const env = (extra: ProviderEnv = {}): ProviderEnv => ({
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    ANTHROPIC_BEDROCK_BASE_URL: fronts.bedrock.url,
    ...extra,
  });

  it('streams from /model/<profile>/invoke-with-response-stream, SigV4-signed for the region, and decodes the event stream', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'Hello from Bedrock.' }] }]);
    const events = await streamHello(clientOn('bedrock', env()));
    expect(replyText(events)).toBe('Hello from Bedrock.');
    expect(events.at(-1)).toMatchObject({ type: 'messageComplete', stopReason: 'end_turn' });
    const sent = fronts.bedrock.requests[0]!;
    // The table's id, as the eu cross-region inference profile.
    expect(sent.path).toBe('/model/eu.anthropic.claude-sonnet-4-5-20250929-v1:0/invoke-with-response-stream');
    expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/);
    expect(sent.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(sent.headers['x-api-key']).toBeUndefined();
    // Bedrock takes the version in the body and the model and stream flag from the path.
    expect(sent.body).toMatchObject({ anthropic_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), max_tokens: 64 });
    expect(sent.body).not.toHaveProperty('model');
    expect(sent.body).not.toHaveProperty('stream');
  });

  it('sends a Bedrock API key (AWS_BEARER_TOKEN_BEDROCK) as a bearer token instead of signing', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'ok' }] }]);
    await streamHello(clientOn('bedrock', env({ AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-1' })));
    expect(fronts.bedrock.requests[0]!.headers.authorization).toBe('Bearer bedrock-api-key-1');
  });

  it('passes an id the user set (a Bedrock profile) through unchanged, and reports a refusal as a permission error naming Bedrock', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'ok' }] }]);
    await streamHello(clientOn('bedrock', env()), 'us.anthropic.claude-opus-4-1-20250805-v1:0');
    expect(fronts.bedrock.requests[0]!.path).toBe('/model/us.anthropic.claude-opus-4-1-20250805-v1:0/invoke-with-response-stream');

    const unsigned = clientOn('bedrock', env({ CLAUDE_CODE_SKIP_BEDROCK_AUTH: '1' }));
    const err = await streamHello(unsigned).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({ kind: 'permission', status: 403 });
    expect((err as ModelError).message).toMatch(/Permission denied by Amazon Bedrock \(403: .*Missing Authentication Token.*\)\. Check your AWS credentials/);
  });
});

describe('Google Vertex AI (AnthropicVertex) against a loopback front', () => {
  const env = (extra: ProviderEnv = {}): ProviderEnv => ({
    CLOUD_ML_REGION: 'us-east5',
    ANTHROPIC_VERTEX_PROJECT_ID: 'my-project',
    ANTHROPIC_VERTEX_BASE_URL: `${fronts.vertex.url}/v1`,
    ...extra,
  });

  it('streams from the publisher model path with streamRawPredict and the Google bearer token', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'Hello from Vertex.' }] }]);
    const events = await streamHello(clientOn('vertex', env()));
    expect(replyText(events)).toBe('Hello from Vertex.');
    const sent = fronts.vertex.requests[0]!;
    expect(sent.path).toBe('/v1/projects/my-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict');
    expect(sent.headers.authorization).toBe('Bearer ya29.fake-token');
    expect(sent.body).toMatchObject({ anthropic_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), max_tokens: 64, stream: true });
    expect(sent.body).not.toHaveProperty('model');
  });

  it('maps an alias through the table and says what is missing when CLOUD_ML_REGION is not set', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'ok' }] }]);
    await streamHello(clientOn('vertex', env()), 'haiku');
    expect(fronts.vertex.requests[0]!.path).toContain('/models/claude-haiku-5-5:streamRawPredict');

    const err = await streamHello(clientOn('vertex', { ANTHROPIC_VERTEX_PROJECT_ID: 'p' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth' });
    expect((err as Error).message).toMatch(/Google Vertex AI needs a region: set CLOUD_ML_REGION/);
    expect(fronts.vertex.requests).toHaveLength(1);
  });
});

describe('Vertex AI regions per model', () => {
  const env = (extra: ProviderEnv = {}): ProviderEnv => ({ ANTHROPIC_VERTEX_PROJECT_ID: 'my-project', ANTHROPIC_VERTEX_BASE_URL: `${fronts.vertex.url}/v1`, ...extra });
  const regionOf = (path: string) => /\/locations\/([^/]+)\//.exec(path)?.[1];

  it('sends a model with its own VERTEX_REGION_… variable there and the rest to CLOUD_ML_REGION, one client per region', async () => {
    const client = clientOn('vertex', env({ CLOUD_ML_REGION: 'us-east5', VERTEX_REGION_CLAUDE_HAIKU_4_5: 'europe-west1', VERTEX_REGION_CLAUDE_4_1_OPUS: 'asia-east1' }));
    fronts.vertex.requests.length = 0;
    for (const model of ['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5']) {
      api.setScript([{ content: [{ type: 'text', text: `from ${model}` }] }]);
      expect(replyText(await streamHello(client, model))).toBe(`from ${model}`);
    }
    expect(fronts.vertex.requests.map((r) => regionOf(r.path))).toEqual(['europe-west1', 'us-east5', 'asia-east1', 'europe-west1']);
  });

  it('needs no CLOUD_ML_REGION for a model that has its own, and says which variables are missing otherwise', async () => {
    const client = clientOn('vertex', env({ VERTEX_REGION_CLAUDE_4_5_SONNET: 'us-central1' }));
    fronts.vertex.requests.length = 0;
    api.setScript([{ content: [{ type: 'text', text: 'ok' }] }]);
    await streamHello(client, 'claude-sonnet-4-5');
    expect(regionOf(fronts.vertex.requests[0]!.path)).toBe('us-central1');
    const err = await streamHello(client, 'claude-haiku-4-5').catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth' });
    expect((err as Error).message).toMatch(/set CLOUD_ML_REGION .*or the model's own VERTEX_REGION_/);
    expect(fronts.vertex.requests).toHaveLength(1);
  });

  it('names the variables as Claude Code does, for dated, Vertex and 3.x ids', () => {
    expect(vertexRegionVariables('claude-3-5-haiku@20241022')).toEqual(['VERTEX_REGION_CLAUDE_3_5_HAIKU']);
    expect(vertexRegionVariables('claude-3-7-sonnet-20250219')).toEqual(['VERTEX_REGION_CLAUDE_3_7_SONNET']);
    expect(vertexRegionVariables('claude-opus-4@20250514')).toEqual(['VERTEX_REGION_CLAUDE_4_0_OPUS', 'VERTEX_REGION_CLAUDE_OPUS_4_0']);
    expect(vertexRegionVariables('claude-sonnet-4-20250514')).toEqual(['VERTEX_REGION_CLAUDE_4_0_SONNET', 'VERTEX_REGION_CLAUDE_SONNET_4_0']);
    expect(vertexRegionVariables('claude-haiku-4-5@20251001')).toEqual(['VERTEX_REGION_CLAUDE_4_5_HAIKU', 'VERTEX_REGION_CLAUDE_HAIKU_4_5']);
    expect(vertexRegionVariables('claude-opus-5-5')).toEqual(['VERTEX_REGION_CLAUDE_5_5_OPUS', 'VERTEX_REGION_CLAUDE_OPUS_5_5']);
    expect(vertexRegionVariables('my-tuned-endpoint')).toEqual([]);
    expect(vertexRegionFor('my-tuned-endpoint', { CLOUD_ML_REGION: ' global ' })).toBe('global');
  });
});

describe('Microsoft Foundry (AnthropicFoundry) against a loopback front', () => {
  it('streams from <base>/v1/messages with the resource key in x-api-key and the model id unchanged', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'Hello from Foundry.' }] }]);
    const env = { ANTHROPIC_FOUNDRY_BASE_URL: `${fronts.foundry.url}/anthropic/`, ANTHROPIC_FOUNDRY_API_KEY: 'foundry-key-1' };
    const events = await streamHello(clientOn('foundry', env));
    expect(replyText(events)).toBe('Hello from Foundry.');
    const sent = fronts.foundry.requests[0]!;
    expect(sent.path).toBe('/anthropic/v1/messages');
    expect(sent.headers['x-api-key']).toBe('foundry-key-1');
    expect(sent.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.body).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
  });

  it('without a key, sends a Microsoft Entra ID token as a bearer, asked for Foundry\'s scope', async () => {
    api.setScript([{ content: [{ type: 'text', text: 'Hello with Entra.' }] }]);
    fronts.foundry.requests.length = 0;
    const asked: string[] = [];
    const tokenProvider = async () => {
      asked.push('token');
      return 'eyJ.entra-token';
    };
    const client = clientOn('foundry', { ANTHROPIC_FOUNDRY_BASE_URL: `${fronts.foundry.url}/anthropic/` }, undefined, { foundryTokenProvider: tokenProvider });
    expect(replyText(await streamHello(client))).toBe('Hello with Entra.');
    const sent = fronts.foundry.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer eyJ.entra-token');
    expect(sent.headers['x-api-key']).toBeUndefined();
    expect(asked).toEqual(['token']);
    expect(FOUNDRY_TOKEN_SCOPE).toBe('https://ai.azure.com/.default');
  });

  it('reports a failed Entra sign-in as a credentials problem, and asks for the endpoint first', async () => {
    fronts.foundry.requests.length = 0;
    const signedOut = async (): Promise<string> => {
      throw Object.assign(new Error('DefaultAzureCredential failed to retrieve a token from the included credentials.'), { name: 'AggregateAuthenticationError' });
    };
    const err = await streamHello(clientOn('foundry', { ANTHROPIC_FOUNDRY_BASE_URL: `${fronts.foundry.url}/anthropic/` }, undefined, { foundryTokenProvider: signedOut })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth' });
    expect((err as Error).message).toMatch(/^Could not get credentials for Microsoft Foundry: DefaultAzureCredential failed .*az login/);
    expect(fronts.foundry.requests).toHaveLength(0);
    const noEndpoint = await streamHello(clientOn('foundry', { ANTHROPIC_FOUNDRY_API_KEY: 'k' })).catch((e: unknown) => e);
    expect(noEndpoint).toMatchObject({ kind: 'auth' });
    expect((noEndpoint as Error).message).toContain('set ANTHROPIC_FOUNDRY_RESOURCE');
  });
});
