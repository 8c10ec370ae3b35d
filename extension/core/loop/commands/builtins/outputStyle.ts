/**
 * /output-style (docs/ARCHITECTURE.md, Output styles), as Claude Code had it: without a name it lists the
 * styles and the one in use; with one it switches the session to it from the next message and saves it as
 * `outputStyle` in the local settings (`.claude/settings.local.json`). The style files are read afresh, so a
 * style written since the session started can be chosen.
 */
import type { CommandHost } from '../host';
import type { LocalCommand } from '../../../contracts/commands';
import type { OutputStyle } from '../../../contracts/outputStyles';

const text = (value: string) => ({ type: 'text' as const, value });

/** `- name (source): description`, the one in use marked. */
function styleLine(style: OutputStyle, current: OutputStyle): string {
  const marks = [...(style.source === 'builtin' ? [] : [style.source]), ...(style.name === current.name ? ['current'] : [])];
  return `- ${style.name}${marks.length ? ` (${marks.join(', ')})` : ''}: ${style.description}`;
}

/** The styles and the one in use, as the reply to a bare /output-style. */
export function outputStylesText(styles: readonly OutputStyle[], current: OutputStyle): string {
  return [`Output style: ${current.name}`, '', 'Available:', ...styles.map((s) => styleLine(s, current)), '', 'Switch with /output-style <name>.'].join('\n');
}

export function outputStyleCommand(host: CommandHost): LocalCommand {
  return {
    type: 'local',
    name: 'output-style',
    description: 'List the output styles, or switch to one (saved to the local settings)',
    argumentHint: '[style]',
    source: 'builtin',
    supportsNonInteractive: true,
    call: async (args) => {
      const styles = host.outputStyles;
      if (!styles) return text('Output styles are not available here.');
      const wanted = args.trim();
      if (!wanted) {
        const { styles: all, current } = await styles.read();
        return text(outputStylesText(all, current));
      }
      const result = await styles.set(wanted);
      if (!result.ok) throw new Error(result.error);
      const saved = result.savedTo ? ` Saved to ${result.savedTo}.` : result.saveError ? ` It could not be saved (${result.saveError}), so it lasts for this session only.` : '';
      return text(`Output style set to ${result.style.name}: it applies from the next message.${saved}`);
    },
  };
}
