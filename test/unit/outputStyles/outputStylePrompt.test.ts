import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../extension/core/loop/query/systemPrompt';
import { BUILTIN_OUTPUT_STYLES, findOutputStyle } from '../../../extension/core/loop/query/outputStyles';
import type { EnvironmentInfo } from '../../../extension/core/contracts/environment';
import type { OutputStyle } from '../../../extension/core/contracts/outputStyles';
import { offered } from '../agent/offeredTools';

/** The recorded prompts of systemPromptBytes.test.ts: what every existing user's requests start with. */
const fixture = JSON.parse(readFileSync(new URL('../agent/fixtures/systemPrompts.json', import.meta.url), 'utf8')) as {
  env: EnvironmentInfo;
  prompts: Record<string, { tools: string[]; system: string[] }>;
};
const [recorded] = Object.values(fixture.prompts);
const env: EnvironmentInfo = { ...fixture.env, memoryFiles: [{ path: '/w/CLAUDE.md', type: 'project', content: 'Use tabs.' }] };
const tools = offered(recorded!.tools);
const texts = (style?: OutputStyle, extra: { appendSystemPrompt?: string; customSystemPrompt?: string } = {}) =>
  buildSystemPrompt({ env, tools, ...extra, ...(style ? { outputStyle: style } : {}) }).map((b) => b.text);
const builtin = (name: string) => findOutputStyle(BUILTIN_OUTPUT_STYLES, name)!;
const custom = (keepCodingInstructions: boolean): OutputStyle => ({ name: 'Analyst', description: 'Data', prompt: 'Answer with a table of figures.', keepCodingInstructions, source: 'project' });

const CODING = 'Understand before you change';
const CONCISE = 'Be concise.';

describe('buildSystemPrompt with an output style', () => {
  it('leaves the recorded prompt byte for byte with the default style', () => {
    for (const { tools: names, system } of Object.values(fixture.prompts)) {
      const blocks = buildSystemPrompt({ env: fixture.env, tools: offered(names), outputStyle: builtin('default') });
      expect(blocks.map((b) => b.text)).toEqual(system);
    }
    expect(texts(builtin('default'))).toEqual(texts());
  });

  it("adds Explanatory's instructions after the memory files and before the appended prompt, keeping the coding instructions but not the concise-replies line", () => {
    const blocks = texts(builtin('Explanatory'), { appendSystemPrompt: 'APPENDED' });
    expect(blocks.at(-2)).toBe(`# Output style: Explanatory\n${builtin('Explanatory').prompt}`);
    expect(blocks.at(-3)).toContain('Use tabs.');
    expect(blocks.at(-1)).toBe('APPENDED');
    expect(blocks[0]).toContain(CODING);
    expect(blocks[0]).not.toContain(CONCISE);
    expect(blocks[0]).toContain('# Safety');
    expect(blocks.slice(1, -2)).toEqual(texts().slice(1));
  });

  it('drops the software-engineering instructions for a custom style without keep-coding-instructions, keeping safety and tool guidance', () => {
    const [identity, guidance, ...rest] = texts(custom(false));
    expect(identity).not.toContain(CODING);
    expect(identity).not.toContain('# How to work');
    expect(identity).not.toContain('software engineering');
    expect(identity).toContain('the output style that the "Output style" section below describes');
    expect(identity).toMatch(/malware/);
    expect(guidance).toMatch(/^# Using tools/);
    expect(rest.at(-1)).toBe('# Output style: Analyst\nAnswer with a table of figures.');
  });

  it('keeps them for a custom style with keep-coding-instructions', () => {
    const [identity] = texts(custom(true));
    expect(identity).toContain(CODING);
    expect(identity).toContain('After a change, check it');
    expect(identity).toContain('You help the user with software engineering');
    expect(texts(custom(true)).at(-1)).toBe('# Output style: Analyst\nAnswer with a table of figures.');
  });

  it('is left out when a custom system prompt replaces the prompt', () => {
    expect(texts(custom(false), { customSystemPrompt: 'CUSTOM' })).toEqual(texts(undefined, { customSystemPrompt: 'CUSTOM' }));
  });
});
