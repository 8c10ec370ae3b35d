import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coerceSettingValue, findSetting, SETTINGS } from '../../../extension/core/contracts/settingsCatalog';

interface ConfigProperty {
  type: string;
  enum?: string[];
  default?: unknown;
}

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, ConfigProperty> } } };
const properties = manifest.contributes.configuration.properties;

describe('core/contracts/settingsCatalog', () => {
  it('lists exactly the scalar codewright.* settings of package.json, with their types, values and defaults', () => {
    const scalar = Object.entries(properties).filter(([, p]) => p.type !== 'array' && p.type !== 'object');
    expect(SETTINGS.map((s) => `codewright.${s.key}`).sort()).toEqual(scalar.map(([k]) => k).sort());
    for (const spec of SETTINGS) {
      const p = properties[`codewright.${spec.key}`]!;
      expect(spec.type).toBe(p.type);
      expect(spec.values).toEqual(p.enum);
      expect(spec.defaultValue).toEqual(p.default);
    }
  });

  it('finds a setting by its aliases and coerces typed strings', () => {
    expect(findSetting('defaultMode')?.key).toBe('permissions.defaultMode');
    expect(findSetting('nope')).toBeUndefined();
    expect(coerceSettingValue(findSetting('diffReview.focus')!, 'false')).toEqual({ ok: true, value: false });
    expect(coerceSettingValue(findSetting('maxTokens')!, '1024')).toEqual({ ok: true, value: 1024 });
    expect(coerceSettingValue(findSetting('maxTokens')!, 1.5)).toMatchObject({ ok: false });
    expect(coerceSettingValue(findSetting('maxBudgetUsd')!, '2.5')).toEqual({ ok: true, value: 2.5 });
    expect(coerceSettingValue(findSetting('maxBudgetUsd')!, -1)).toMatchObject({ ok: false });
    expect(findSetting('maxBudgetUsd')?.sensitive).toBe(true);
    expect(coerceSettingValue(findSetting('model')!, 3)).toEqual({ ok: false, message: 'Invalid value for model: 3; expected a string.' });
  });
});
