/**
 * Lookups in the model table (modelTable.ts): a model id → what it offers, with safe values for an id the
 * table does not know (said once in the log), and the ids `/model` and the header's picker list.
 */
import { FALLBACK_MODEL, MODEL_ALIASES, MODEL_TABLE, type ModelPrices, type ModelSpec } from './modelTable';

/** What a request to `model` may use: its row, or the fallback (`known: false`). */
export interface ModelInfo extends Omit<ModelSpec, 'longContextWindow'> {
  /** The window this id gets: the `[1m]` window for a `[1m]` id. */
  contextWindow: number;
  known: boolean;
}

const LONG_CONTEXT = '[1m]';
const ONE_MILLION = 1_000_000;

/**
 * The row for a model id. Cloud ids (`us.anthropic.claude-…-v1:0`, `claude-…@20250101`) are matched from their
 * `claude-` part; an id must end where the row's id ends or go on with a separator, so `claude-opus-4-1` never
 * matches `claude-opus-4-10`. The longest matching row wins (a version over its family).
 */
export function findModelSpec(model: string): ModelSpec | undefined {
  const lower = resolveModelAlias(model.trim()).toLowerCase();
  const id = lower.slice(Math.max(0, lower.indexOf('claude-')));
  let best: ModelSpec | undefined;
  for (const row of MODEL_TABLE) {
    if (!id.startsWith(row.id)) continue;
    const next = id.charAt(row.id.length);
    if (next !== '' && !'-@[:'.includes(next)) continue;
    if (!best || row.id.length > best.id.length) best = row;
  }
  return best;
}

/** `opus` / `sonnet` / `haiku` (with an optional `[1m]`) → the table's current id; anything else as given. */
export function resolveModelAlias(model: string): string {
  const long = model.toLowerCase().endsWith(LONG_CONTEXT);
  const bare = (long ? model.slice(0, -LONG_CONTEXT.length) : model).toLowerCase();
  const id = (MODEL_ALIASES as Record<string, string | undefined>)[bare];
  return id ? id + (long ? LONG_CONTEXT : '') : model;
}

type Warn = (message: string) => void;
let warn: Warn = () => undefined;
const warned = new Set<string>();

/** Where "unknown model" notes go: each host points it at its log (extension.ts, cli/main.ts) as it starts. */
export function setModelTableWarn(next: Warn): void {
  warn = next;
}

/** What `model` offers; an unknown id gets the fallback values and one log line per id. */
export function modelInfo(model: string): ModelInfo {
  const spec = findModelSpec(model);
  const long = model.toLowerCase().endsWith(LONG_CONTEXT);
  if (!spec) {
    if (!warned.has(model)) {
      warned.add(model);
      warn(
        `Model "${model}" is not in Codewright's model table: assuming a ${FALLBACK_MODEL.contextWindow.toLocaleString('en-US')}-token window, ` +
          `${FALLBACK_MODEL.maxOutputTokens} output tokens, no thinking and Sonnet prices.`,
      );
    }
    return { ...FALLBACK_MODEL, id: model, label: model, known: false, ...(long ? { contextWindow: ONE_MILLION } : {}) };
  }
  const { longContextWindow, ...rest } = spec;
  // A `[1m]` id asks for the larger window; a model without one is given 1M anyway, as the user asked for it.
  return { ...rest, known: true, contextWindow: long ? (longContextWindow ?? Math.max(spec.contextWindow, ONE_MILLION)) : spec.contextWindow };
}

/** The prices a request pays; `promptTokens` matters only for models priced by prompt length. */
export function modelPrices(model: string, promptTokens?: number): ModelPrices {
  const info = modelInfo(model);
  if (info.longPrompt && promptTokens !== undefined && promptTokens > info.longPrompt.overTokens) return info.longPrompt.prices;
  return info.prices;
}

/**
 * The ids to offer in `/model` and the header's picker: the table's listed models, then ids the API's model
 * list adds (newest first as the API returns them), without duplicates.
 */
export function pickerModels(apiIds: readonly string[] = []): string[] {
  const ids = MODEL_TABLE.filter((m) => m.listed).map((m) => m.id);
  for (const id of apiIds) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** `sonnet` / `opus` / `haiku` → the model family's current id; `inherit`, absent or unknown keep `parentModel`. */
export function resolveAgentModel(alias: string | undefined, parentModel: string): string {
  if (!alias || alias === 'inherit') return parentModel;
  const family = /^(sonnet|opus|haiku)$/.exec(alias)?.[1];
  if (!family) return alias;
  if (parentModel.includes(family)) return parentModel;
  return resolveModelAlias(family);
}
