/** The session's model settings from a host's `SettingsPort` (what `AgentSessionDeps.settings` returns). */
import type { SettingsPort } from '../../contracts/settings';
import type { ModelPreferences } from './requestOptions';

/**
 * The model and whichever of max_tokens, thinking and effort the user set (the rest come from the model
 * table), with the fallback model and the spending limit when the host has them.
 */
export function modelSettings(settings: SettingsPort): { model: string; fallbackModel?: string; maxBudgetUsd?: number } & ModelPreferences {
  const maxTokens = settings.maxTokens();
  const thinking = settings.thinking?.();
  const effort = settings.effort?.();
  const fallbackModel = settings.fallbackModel?.();
  const maxBudgetUsd = settings.maxBudgetUsd?.();
  return {
    model: settings.model(),
    ...(maxTokens ? { maxTokens } : {}),
    ...(thinking ? { thinking } : {}),
    ...(effort ? { effort } : {}),
    ...(fallbackModel ? { fallbackModel } : {}),
    ...(maxBudgetUsd && maxBudgetUsd > 0 ? { maxBudgetUsd } : {}),
  };
}
