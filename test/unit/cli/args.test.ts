import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../../extension/cli/args';
import { SELECTABLE_TOOL_NAMES } from '../../../extension/cli/argChecks';
import { error, ok } from './parsedArgs';

describe('cli/args', () => {
  it('reads --continue (and -c), refusing it together with --resume', () => {
    expect(ok(['-p', 'x', '--continue']).continue).toBe(true);
    expect(ok(['-p', 'x', '-c']).continue).toBe(true);
    expect(ok(['-p', 'x']).continue).toBe(false);
    expect(error(['-p', 'x', '-c', '--resume', 'abc'])).toContain('--continue and --resume cannot be used together');
  });

  it('reads --thinking on|off|budget and --effort, and leaves --max-tokens to the model when absent', () => {
    expect(ok(['-p', 'x', '--thinking', 'off']).thinking).toBe('off');
    expect(ok(['-p', 'x', '--thinking', '8000', '--effort', 'medium'])).toMatchObject({ thinking: 8000, effort: 'medium' });
    const defaults = ok(['-p', 'x']);
    expect([defaults.thinking, defaults.effort, defaults['max-tokens']]).toEqual([undefined, undefined, undefined]);
    expect(ok(['-p', 'x', '--max-tokens', '2048'])['max-tokens']).toBe(2048);
    expect(error(['-p', 'x', '--thinking', 'sometimes'])).toBe('--thinking: expected on, off (or adaptive, enabled, disabled) or a budget of at least 1024 tokens, got "sometimes"');
    expect(error(['-p', 'x', '--thinking', '512'])).toMatch(/^--thinking: expected .*, got "512"$/);
    expect(error(['-p', 'x', '--effort', 'max'])).toMatch(/^--effort: /);
    expect(USAGE).toContain('--thinking on|off|N');
  });

  it('reads --system-prompt and --append-system-prompt as given', () => {
    const o = ok(['-p', 'x', '--system-prompt', 'You are terse.', '--append-system-prompt', 'Answer in French.']);
    expect(o['system-prompt']).toBe('You are terse.');
    expect(o['append-system-prompt']).toBe('Answer in French.');
    expect(error(['-p', 'x', '--system-prompt'])).toMatch(/--system-prompt/);
  });

  it('reads --settings as a path (made absolute for other loaders) or as JSON text', () => {
    expect(ok(['-p', 'x', '--settings', 'conf/s.json']).settingsFile).toBe(path.resolve('conf/s.json'));
    const inline = ok(['-p', 'x', '--settings', '{"permissions":{"allow":["Read"]}}']);
    expect(inline.settings).toBe('{"permissions":{"allow":["Read"]}}');
    expect(inline.settingsFile).toBeUndefined();
    expect(error(['-p', 'x', '--settings', ''])).toBe('--settings: a file or JSON text');
  });

  it('collects every --add-dir', () => {
    expect(ok(['-p', 'x', '--add-dir', '../a', '--add-dir', '/b'])['add-dir']).toEqual(['../a', '/b']);
    expect(ok(['-p', 'x'])['add-dir']).toEqual([]);
  });

  it('reads --tools as a list of known tools, "" as none and "default" as all', () => {
    expect(ok(['-p', 'x', '--tools', 'Bash,Read']).toolNames).toEqual(['Bash', 'Read']);
    expect(ok(['-p', 'x', '--tools', 'Bash Read,Bash']).toolNames).toEqual(['Bash', 'Read']);
    expect(ok(['-p', 'x', '--tools', '']).toolNames).toEqual([]);
    expect(ok(['-p', 'x', '--tools', 'default']).toolNames).toBeUndefined();
    expect(ok(['-p', 'x']).toolNames).toBeUndefined();
    const unknown = error(['-p', 'x', '--tools', 'Bash,Teleport,Fly']);
    expect(unknown).toContain('--tools: unknown tools "Teleport", "Fly"; known tools: Read, Write, Edit');
    expect(SELECTABLE_TOOL_NAMES).not.toContain('StructuredOutput');
    expect(error(['-p', 'x', '--tools', 'StructuredOutput'])).toContain('unknown tool "StructuredOutput"');
  });

  it('reads --input-format stream-json, which needs stream-json output and no -p', () => {
    expect(ok(['--input-format', 'stream-json', '--output-format', 'stream-json'])['input-format']).toBe('stream-json');
    expect(ok(['-p', 'x'])['input-format']).toBe('text');
    expect(error(['--input-format', 'stream-json'])).toBe('--input-format stream-json requires --output-format stream-json');
    expect(error(['--input-format', 'stream-json', '--output-format', 'stream-json', '-p', 'x'])).toContain('leave out -p');
    expect(error(['--input-format', 'xml', '-p', 'x'])).toMatch(/^--input-format: .*text.*stream-json/);
    expect(error(['--output-format', 'json'])).toBe('a prompt is required: -p "PROMPT"');
  });

  it('reads --verbose with any output format', () => {
    expect(ok(['-p', 'x', '--verbose']).verbose).toBe(true);
    expect(ok(['-p', 'x', '--verbose', '--output-format', 'stream-json']).verbose).toBe(true);
    expect(ok(['-p', 'x']).verbose).toBe(false);
  });

  it('checks the --json-schema schema before the run', () => {
    const o = ok(['-p', 'x', '--json-schema', '{"type":"object","properties":{"n":{"type":"number"}},"required":["n"]}']);
    expect(o.structuredSchema?.jsonSchema).toEqual({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    expect(ok(['-p', 'x']).structuredSchema).toBeUndefined();
    expect(error(['-p', 'x', '--json-schema', 'nope'])).toMatch(/^--json-schema: not valid JSON/);
    expect(error(['-p', 'x', '--json-schema', '{"type":"array"}'])).toBe('--json-schema: the schema must describe an object ("type": "object"); its type is "array"');
  });

  it('names every new flag in the usage text', () => {
    for (const flag of ['--continue', '--system-prompt', '--append-system-prompt', '--settings', '--add-dir', '--tools', '--input-format', '--verbose', '--json-schema']) {
      expect(USAGE).toContain(flag);
    }
  });
});
