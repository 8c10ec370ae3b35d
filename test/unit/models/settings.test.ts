import { describe, expect, it } from 'vitest';
import { modelSettings } from '../../../extension/core/engines/models/settings';
import type { SettingsPort } from '../../../extension/core/contracts/settings';

const port = (extra: Partial<SettingsPort> = {}): SettingsPort => ({ model: () => 'claude-opus-4-7', maxTokens: () => undefined, apiBaseUrl: () => undefined, ...extra });

describe('core/engines/models/settings: modelSettings', () => {
  it("passes the host's spending limit and fallback model on to each turn", () => {
    expect(modelSettings(port({ maxBudgetUsd: () => 2.5, fallbackModel: () => 'claude-haiku-4-5', thinking: () => 'off' }))).toEqual({
      model: 'claude-opus-4-7',
      thinking: 'off',
      fallbackModel: 'claude-haiku-4-5',
      maxBudgetUsd: 2.5,
    });
  });

  it('leaves them out when the host has none, or the limit is not positive', () => {
    expect(modelSettings(port())).toEqual({ model: 'claude-opus-4-7' });
    expect(modelSettings(port({ maxBudgetUsd: () => 0, fallbackModel: () => undefined }))).toEqual({ model: 'claude-opus-4-7' });
  });
});
