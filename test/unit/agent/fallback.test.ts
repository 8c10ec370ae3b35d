/**
 * The fallback model (core/loop/query/fallback.ts) on the whole loop against the fake API: scripted 529s switch
 * the request, and the rest of the turn, to the fallback model, with a notice for the user.
 */
import { describe, expect, it } from 'vitest';
import { fallbackNotice, OverloadFallback } from '../../../extension/core/loop/query/fallback';
import { ModelError } from '../../../extension/core/contracts/modelClient';
import { requestOptionsFor } from '../../../extension/core/engines/models/requestOptions';
import { textTurn, toolUseTurn } from '../../fixtures/fake-anthropic';
import { echoTool } from '../tool/fixtures';
import { MODEL, runQuery, useFakeAnthropic } from './queryHarness';

const overloaded = { fault: { kind: 'http' as const, status: 529 } };
const FALLBACK = 'claude-haiku-4-5';

describe('core/loop/query/fallback: OverloadFallback', () => {
  const overload = new ModelError('overloaded', 'The API is overloaded (529).', 529);

  it('switches after the third overload in a row, once, and never to the same model', () => {
    const f = new OverloadFallback(FALLBACK);
    expect([f.afterError(overload, MODEL), f.afterError(overload, MODEL), f.afterError(overload, MODEL)]).toEqual([undefined, undefined, FALLBACK]);
    // Now on the fallback: it has no fallback of its own.
    expect([1, 2, 3, 4].map(() => f.afterError(overload, FALLBACK))).toEqual([undefined, undefined, undefined, undefined]);
    expect(new OverloadFallback(undefined).afterError(overload, MODEL)).toBeUndefined();
  });

  it('starts counting again after any other error', () => {
    const f = new OverloadFallback(FALLBACK);
    f.afterError(overload, MODEL);
    f.afterError(overload, MODEL);
    expect(f.afterError(new ModelError('server', 'The API failed (500).', 500), MODEL)).toBeUndefined();
    expect(f.afterError(overload, MODEL)).toBeUndefined();
    expect(f.afterError(overload, MODEL)).toBeUndefined();
    expect(f.afterError(overload, MODEL)).toBe(FALLBACK);
  });
});

describe('core/loop/query/fallback in the loop', () => {
  const fake = useFakeAnthropic({ freshRequests: true });

  it('sends the request again with the fallback model after three 529s, and keeps it for the rest of the turn', async () => {
    const echo = echoTool();
    fake.setScript([overloaded, overloaded, overloaded, toolUseTurn('Echo', { text: 'hi' }), textTurn('Done on the fallback.')]);
    const run = await runQuery(fake, { tools: [echo.tool], extra: { fallbackModel: FALLBACK } });
    expect(fake.requests.map((r) => [r.body.model, r.status])).toEqual([
      [MODEL, 529],
      [MODEL, 529],
      [MODEL, 529],
      [FALLBACK, 200],
      [FALLBACK, 200],
    ]);
    expect(run.text).toBe('Done on the fallback.');
    expect(echo.calls).toEqual([{ text: 'hi', times: 1 }]);
    const notices = run.events.filter((e) => e.type === 'notice');
    expect(notices).toEqual([fallbackNotice(MODEL, FALLBACK)]);
    expect(notices[0]).toMatchObject({ text: `${MODEL} is overloaded (3 times in a row): switched to the fallback model ${FALLBACK} for the rest of this turn.` });
    // Cost is counted at the fallback's prices.
    expect(run.events.filter((e) => e.type === 'usage').map((e) => e.type === 'usage' && e.model)).toEqual([FALLBACK, FALLBACK]);
    expect(run.events.at(-1)).toMatchObject({ type: 'done', reason: 'end_turn' });
  });

  it("sends the fallback model's own output limit and thinking, not the first model's", async () => {
    fake.setScript([overloaded, overloaded, overloaded, toolUseTurn('Echo', { text: 'hi' }), textTurn('Done.')]);
    const echo = echoTool();
    const optionsFor = (model: string) => requestOptionsFor(model);
    await runQuery(fake, { tools: [echo.tool], extra: { fallbackModel: FALLBACK, ...requestOptionsFor(MODEL), optionsFor } });
    const sent = fake.requests.map((r) => [r.body.model, r.body.max_tokens, (r.body.thinking as { type?: string } | undefined)?.type]);
    const first = requestOptionsFor(MODEL);
    const fallback = requestOptionsFor(FALLBACK);
    expect(first.maxTokens).not.toBe(fallback.maxTokens);
    expect(sent[0]).toEqual([MODEL, first.maxTokens, first.thinking?.type]);
    // The switched request and the rest of the turn carry the fallback's options.
    expect(sent.slice(3)).toEqual([
      [FALLBACK, fallback.maxTokens, fallback.thinking?.type],
      [FALLBACK, fallback.maxTokens, fallback.thinking?.type],
    ]);
  });

  it('keeps retrying the same model when no fallback is set', async () => {
    fake.setScript([overloaded, overloaded, overloaded, textTurn('Recovered.')]);
    const run = await runQuery(fake);
    expect(fake.requests.map((r) => r.body.model)).toEqual([MODEL, MODEL, MODEL, MODEL]);
    expect(run.events.some((e) => e.type === 'notice')).toBe(false);
    expect(run.text).toBe('Recovered.');
  });

  it('does not switch on two overloads separated by another fault', async () => {
    fake.setScript([overloaded, overloaded, { fault: { kind: 'http', status: 500 } }, textTurn('Same model.')]);
    await runQuery(fake, { extra: { fallbackModel: FALLBACK } });
    expect(fake.requests.map((r) => r.body.model)).toEqual([MODEL, MODEL, MODEL, MODEL]);
  });
});
