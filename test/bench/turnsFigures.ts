/**
 * The figures of the `turns` bench, computed from the requests the fake API recorded: the first request's prefix
 * (tool definitions + system + first message), how many tool definitions it loads, whether that prefix stays
 * byte-identical on every later request, and the session's billed-equivalent input from the fake's own cache
 * accounting (test/fixtures/fake-anthropic/cache.ts), replayed over the recorded requests in order.
 */
import { canonicalJson, type RecordedRequest } from '../fixtures/fake-anthropic';
import { PromptCache } from '../fixtures/fake-anthropic/cache';
import { validateRequest, type ToolDef, type ValidRequest } from '../fixtures/fake-anthropic/validate';
import { isMainRequest } from './turnsScript';

/** What the cache bills on Anthropic's price sheet, relative to a plain input token. */
export const CACHE_WRITE_WEIGHT = 1.25;
export const CACHE_READ_WEIGHT = 0.1;

export interface PrefixFigures {
  /** Characters of the loaded (non-deferred) tool definitions, as the API renders them (JSON, cache_control left out). */
  toolChars: number;
  systemChars: number;
  firstMessageChars: number;
  total: number;
  /** Every definition the tools array carries, deferred ones included: bytes sent, though deferred ones are not billed. */
  sentToolChars: number;
  loadedTools: string[];
  deferredTools: string[];
}

export interface SessionFigures {
  requests: number;
  mainRequests: number;
  prefix: PrefixFigures;
  /** Every main request repeats the first one's tools and system byte for byte. */
  prefixStable: boolean;
  input: number;
  cacheCreation: number;
  cacheRead: number;
  /** input + 1.25 × cache_creation + 0.1 × cache_read, in the fake's estimated tokens (characters / 4). */
  billed: number;
  /** The same over the main requests only (no side requests). */
  billedMain: number;
}

const withoutCacheControl = ({ cache_control: _c, defer_loading: _d, ...rest }: Record<string, unknown>) => rest;
/** cache_control only marks a position (the fake leaves it out of the cached bytes), so it may move between requests. */
const unmarked = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(unmarked) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'cache_control').map(([key, v]) => [key, unmarked(v)])) : value;
const textOf = (blocks: Array<Record<string, unknown>>): number => blocks.reduce((n, b) => n + (typeof b['text'] === 'string' ? b['text'].length : canonicalJson(withoutCacheControl(b)).length), 0);
const toolJson = (tool: ToolDef): string => canonicalJson(withoutCacheControl(tool));

export function prefixOf(req: ValidRequest): PrefixFigures {
  const loaded = req.tools.filter((t) => t.defer_loading !== true);
  const toolChars = loaded.reduce((n, t) => n + toolJson(t).length, 0);
  const systemChars = textOf(req.system);
  const firstMessageChars = textOf(req.messages[0]?.content ?? []);
  return {
    toolChars,
    systemChars,
    firstMessageChars,
    total: toolChars + systemChars + firstMessageChars,
    sentToolChars: req.tools.reduce((n, t) => n + toolJson(t).length, 0),
    loadedTools: loaded.map((t) => t.name),
    deferredTools: req.tools.filter((t) => t.defer_loading === true).map((t) => t.name),
  };
}

/** The bytes every request should share: the tools array and the system prompt, cache_control left out. */
const stablePart = (req: ValidRequest): string => req.tools.map(toolJson).join('\n') + '\n' + req.system.map((b) => canonicalJson(withoutCacheControl(b))).join('\n');

export function sessionFigures(recorded: readonly RecordedRequest[]): SessionFigures {
  const answered = recorded.filter((r) => r.status === 200);
  const cache = new PromptCache();
  let [input, cacheCreation, cacheRead, billedMain] = [0, 0, 0, 0];
  const main: ValidRequest[] = [];
  for (const r of answered) {
    const req = validateRequest(r.body, 'messages');
    const usage = cache.account(req);
    const billed = usage.input_tokens + CACHE_WRITE_WEIGHT * usage.cache_creation_input_tokens + CACHE_READ_WEIGHT * usage.cache_read_input_tokens;
    input += usage.input_tokens;
    cacheCreation += usage.cache_creation_input_tokens;
    cacheRead += usage.cache_read_input_tokens;
    if (isMainRequest(r.body)) {
      main.push(req);
      billedMain += billed;
    }
  }
  const first = main[0];
  if (!first) throw new Error('turns bench: no request of the agent loop reached the fake API');
  const stable = stablePart(first);
  return {
    requests: answered.length,
    mainRequests: main.length,
    prefix: prefixOf(first),
    prefixStable: main.every((req) => stablePart(req) === stable && canonicalJson(unmarked(req.messages[0])) === canonicalJson(unmarked(first.messages[0]))),
    input,
    cacheCreation,
    cacheRead,
    billed: input + CACHE_WRITE_WEIGHT * cacheCreation + CACHE_READ_WEIGHT * cacheRead,
    billedMain,
  };
}
