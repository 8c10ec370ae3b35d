/**
 * WebFetch in the chat: the `web` result data (protocol/entries.ts) with what the row shows beyond the text:
 * the fetched URL, its HTTP status and size, or the cross-host redirect that was not followed. Fields that do
 * not fit the protocol's caps are left out rather than failing the view.
 */
import { z } from 'zod';
import type { PresentArgs } from '../../core/contracts/toolViews';
import type { ToolResultData } from '../../protocol/entries';

const MAX_URL = 8192;
const Output = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('answer'),
    url: z.string(),
    status: z.number().int(),
    statusText: z.string(),
    bytes: z.number().int().nonnegative(),
    contentType: z.string(),
    cached: z.boolean(),
  }),
  z.object({ kind: z.literal('redirect'), url: z.string(), redirectUrl: z.string(), status: z.number().int() }),
]);

type WebView = Extract<ToolResultData, { kind: 'web' }>;

const short = (text: string, max: number) => (text && text.length <= max ? text : undefined);

export function presentWebFetch({ output }: PresentArgs): WebView | undefined {
  const o = Output.safeParse(output);
  if (!o.success || !o.data.url || o.data.url.length > MAX_URL || o.data.status < 0 || o.data.status > 999) return undefined;
  const { url, status } = o.data;
  if (o.data.kind === 'redirect') {
    const redirect = short(o.data.redirectUrl, MAX_URL);
    return { kind: 'web', url, status, ...(redirect ? { redirect } : {}) };
  }
  const statusText = short(o.data.statusText, 200);
  const contentType = short(o.data.contentType, 200);
  return {
    kind: 'web',
    url,
    status,
    ...(statusText ? { statusText } : {}),
    bytes: o.data.bytes,
    ...(contentType ? { contentType } : {}),
    cached: o.data.cached,
  };
}
