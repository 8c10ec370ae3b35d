/** The model table and what reads it: lookups, fallbacks, request options, compaction and cost per turn. */
import { describe, expect, it } from 'vitest';
import { costUsd, UsageTracker } from '../../../extension/core/loop/query/usage';
import { compactionFor } from '../../../extension/core/engines/models/compaction';
import { MODEL_TABLE } from '../../../extension/core/engines/models/modelTable';
import { findModelSpec, modelInfo, pickerModels, resolveModelAlias, setModelTableWarn } from '../../../extension/core/engines/models/models';
import { parseThinkingSetting, requestOptionsFor } from '../../../extension/core/engines/models/requestOptions';

const usage = (inputTokens: number, outputTokens: number, cacheReadInputTokens = 0, cacheCreationInputTokens = 0) => ({ inputTokens, outputTokens, cacheReadInputTokens, cacheCreationInputTokens });

describe('core/engines/models/models', () => {
  it('finds dated, cloud and [1m] ids by their row, and never a longer version by a shorter one', () => {
    expect(findModelSpec('claude-opus-4-5-20251101')?.id).toBe('claude-opus-4-5');
    expect(findModelSpec('us.anthropic.claude-sonnet-4-5-20250929-v1:0')?.id).toBe('claude-sonnet-4-5');
    expect(findModelSpec('claude-haiku-4-5@20251001')?.id).toBe('claude-haiku-4-5');
    expect(findModelSpec('claude-opus-4-10')?.id).toBe('claude-opus-4');
    expect(modelInfo('claude-sonnet-4-5[1m]').contextWindow).toBe(1_000_000);
    expect(modelInfo('claude-sonnet-4-5').contextWindow).toBe(200_000);
  });

  it('resolves the opus, sonnet and haiku aliases to the table ids', () => {
    expect(resolveModelAlias('opus')).toBe('claude-opus-5-5');
    expect(resolveModelAlias('sonnet[1m]')).toBe('claude-sonnet-5-5[1m]');
    expect(modelInfo('haiku')).toMatchObject({ id: 'claude-haiku-5-5', maxOutputTokens: 128_000, thinking: 'adaptive' });
  });

  it('gives an unknown id safe values and says so once per id', () => {
    const warnings: string[] = [];
    setModelTableWarn((m) => warnings.push(m));
    try {
      for (let i = 0; i < 3; i++) expect(modelInfo('gpt-unknown')).toMatchObject({ known: false, contextWindow: 200_000, maxOutputTokens: 8192, thinking: 'none' });
      modelInfo('another-unknown');
    } finally {
      setModelTableWarn(() => undefined);
    }
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"gpt-unknown" is not in Codewright\'s model table');
  });

  it('lists the current models first, then the API list without duplicates', () => {
    const listed = MODEL_TABLE.filter((m) => m.listed).map((m) => m.id);
    expect(listed).toContain('claude-sonnet-5-5');
    expect(pickerModels(['claude-sonnet-5-5', 'claude-new-6'])).toEqual([...listed, 'claude-new-6']);
  });
});

describe('core/engines/models/requestOptions', () => {
  it('defaults max_tokens to the model output limit and caps a larger user value to it', () => {
    expect(requestOptionsFor('claude-opus-4-1')).toMatchObject({ maxTokens: 32_000 });
    expect(requestOptionsFor('claude-opus-4-1', { maxTokens: 100_000 }).maxTokens).toBe(32_000);
    expect(requestOptionsFor('claude-opus-4-1', { maxTokens: 2000 }).maxTokens).toBe(2000);
    expect(requestOptionsFor('unknown-x').maxTokens).toBe(8192);
  });

  it('turns thinking on where offered: adaptive, else a budget below max_tokens; off, or none for a model without it', () => {
    expect(requestOptionsFor('claude-sonnet-5-5').thinking).toEqual({ type: 'adaptive' });
    expect(requestOptionsFor('claude-sonnet-5-5', { thinking: 5000 }).thinking).toEqual({ type: 'adaptive' });
    expect(requestOptionsFor('claude-sonnet-4-6', { thinking: 5000 }).thinking).toEqual({ type: 'enabled', budget_tokens: 5000 });
    expect(requestOptionsFor('claude-haiku-4-5', { maxTokens: 4000 }).thinking).toEqual({ type: 'enabled', budget_tokens: 3999 });
    expect(requestOptionsFor('claude-haiku-4-5', { maxTokens: 1000 }).thinking).toBeUndefined();
    expect(requestOptionsFor('claude-3-5-haiku').thinking).toBeUndefined();
    expect(requestOptionsFor('claude-opus-5-5', { thinking: 'off' }).thinking).toBeUndefined();
  });

  it('sends effort only to models that take it', () => {
    expect(requestOptionsFor('claude-opus-5-5', { effort: 'medium' }).effort).toBe('medium');
    expect(requestOptionsFor('claude-haiku-4-5', { effort: 'medium' }).effort).toBeUndefined();
  });

  it('parses on, off and budgets of at least 1024', () => {
    expect(['on', 'off', '2048', 4096, '100', 'maybe', 1.5].map(parseThinkingSetting)).toEqual(['on', 'off', 2048, 4096, undefined, undefined, undefined]);
  });
});

describe('core/engines/models/compaction', () => {
  it('compacts before the window less the reply reserve and the estimate margin', () => {
    expect(compactionFor('claude-sonnet-4-5')).toEqual({ contextWindow: 200_000, threshold: (200_000 - 20_000 - 13_000) / 200_000 });
    expect(compactionFor('claude-sonnet-5-5').threshold).toBeCloseTo(0.967, 3);
    expect(compactionFor('unknown-y').threshold).toBeCloseTo((200_000 - 8192 - 13_000) / 200_000, 6);
  });
});

describe('cost per turn from the table', () => {
  it('prices each request at its row and adds them up per session', () => {
    const tracker = new UsageTracker();
    const first = tracker.record('claude-sonnet-5-5', usage(10_000, 2_000, 50_000, 4_000));
    // $2 in, $10 out, $2.50 write, $0.10 read per million.
    expect(first.request.costUsd).toBeCloseTo((10_000 * 2 + 2_000 * 10 + 4_000 * 2.5 + 50_000 * 0.1) / 1e6, 12);
    const second = tracker.record('claude-opus-4-1-20250805', usage(1_000, 1_000));
    expect(second.request.costUsd).toBeCloseTo((1_000 * 15 + 1_000 * 75) / 1e6, 12);
    expect(second.session.costUsd).toBeCloseTo(first.request.costUsd + second.request.costUsd, 12);
    expect(first.contextWindow).toBe(1_000_000);
    expect(costUsd('claude-haiku-5-5', usage(200_000, 0))).toBeCloseTo(0.1, 12);
  });
});

describe('the webview model choices', () => {
  it('are the model table listed models, in order', async () => {
    const { MODEL_CHOICES } = await import('../../../extension/protocol/controls');
    expect([...MODEL_CHOICES]).toEqual(pickerModels());
  });
});
