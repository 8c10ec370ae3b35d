import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../extension/core/loop/query/systemPrompt';
import type { EnvironmentInfo } from '../../../extension/core/contracts/environment';
import { offered } from './offeredTools';

/**
 * The system prompt as it was recorded before the tool guidance moved into the tools' folders. Prompt
 * caching needs it byte-identical for the same tool set, so any change to this text must be deliberate:
 * regenerate the fixture only when the prompt is meant to change.
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/systemPrompts.json', import.meta.url), 'utf8')) as {
  env: EnvironmentInfo;
  prompts: Record<string, { tools: string[]; system: string[] }>;
};

describe('buildSystemPrompt bytes', () => {
  for (const [set, { tools, system }] of Object.entries(fixture.prompts)) {
    it(`produces the recorded prompt for the tool set "${set}"`, () => {
      const blocks = buildSystemPrompt({ env: fixture.env, tools: offered(tools) });
      expect(blocks.map((b) => b.text)).toEqual(system);
      const reversed = buildSystemPrompt({ env: fixture.env, tools: offered([...tools].reverse()) });
      expect(reversed.map((b) => b.text)).toEqual(system);
    });
  }
});
