/** Glob in the chat: the paths it found, as links. */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';
import { MAX_PATH_ITEMS } from '../shared/present';

const GlobOutput = z.object({ filenames: z.array(z.string()), truncated: z.boolean() });

export function presentGlob({ output }: PresentArgs): ToolResultData | undefined {
  const o = GlobOutput.safeParse(output);
  if (!o.success) return undefined;
  const items = o.data.filenames.slice(0, MAX_PATH_ITEMS).map((path) => ({ path }));
  return { kind: 'paths', items, truncated: o.data.truncated || o.data.filenames.length > items.length };
}
