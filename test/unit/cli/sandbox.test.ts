/** The CLI's answer when the sandbox setting is on but the sandbox cannot run: `--allow-unsandboxed` decides. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../extension/cli/args';
import { cliSandboxFallback } from '../../../extension/cli/sandbox';

describe('cli sandbox fallback', () => {
  it('refuses without --allow-unsandboxed', async () => {
    const parsed = parseCliArgs(['-p', 'hi']);
    expect(parsed.ok && parsed.options['allow-unsandboxed']).toBe(false);
    expect(await cliSandboxFallback({ 'allow-unsandboxed': false }).allowUnsandboxed('no bwrap')).toBe(false);
  });

  it('agrees with the flag, warning once on stderr', async () => {
    const parsed = parseCliArgs(['-p', 'hi', '--allow-unsandboxed']);
    expect(parsed.ok && parsed.options['allow-unsandboxed']).toBe(true);
    let err = '';
    const port = cliSandboxFallback({ 'allow-unsandboxed': true }, { write: (t: string) => (err += t) });
    expect(await port.allowUnsandboxed('bubblewrap missing')).toBe(true);
    expect(await port.allowUnsandboxed('bubblewrap missing')).toBe(true);
    expect(err.match(/bubblewrap missing/g)).toHaveLength(1);
  });
});
