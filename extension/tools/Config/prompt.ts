/** What the model is told about Config (our own words). The list of settings comes from the catalogue. */
import { SETTINGS } from '../../core/contracts/settingsCatalog';

export const CONFIG_DESCRIPTION = "Read or change one of Codewright's own settings";

function settingLine(s: (typeof SETTINGS)[number]): string {
  const values = s.values ? ` (${s.values.map((v) => JSON.stringify(v)).join('|')})` : ` (${s.type})`;
  return `- ${s.key}${values}: ${s.description}`;
}

export function configPrompt(): string {
  return `Reads or changes one of Codewright's settings; a change asks the user first and outlasts this session. Change a setting only when the user asked for it.

Settings:
${SETTINGS.map(settingLine).join('\n')}`;
}
