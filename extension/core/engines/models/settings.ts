/** The session's model settings from a host's `SettingsPort` (what `AgentSessionDeps.settings` returns). */
import type { SettingsPort } from '../../contracts/settings';
import type { ModelPreferences } from './requestOptions';

/** The model and whichever of max_tokens, thinking and effort the user set; the rest come from the model table. */
export function modelSettings(settings: SettingsPort): { model: string } & ModelPreferences {
  const maxTokens = settings.maxTokens();
  const thinking = settings.thinking?.();
  const effort = settings.effort?.();
  return { model: settings.model(), ...(maxTokens ? { maxTokens } : {}), ...(thinking ? { thinking } : {}), ...(effort ? { effort } : {}) };
}
