/**
 * The pass of a small fast model over a fetched page: it reads the page (markdown, or a PDF as a document)
 * and answers the caller's prompt, so the main conversation receives an answer instead of a whole page.
 */
import { resolveAgentModel } from '../../core/engines/models/models';
import type { UserContentBlock } from '../../core/base/messages';
import { type ModelClient, ModelError } from '../../core/contracts/modelClient';
import { ToolError } from '../../core/contracts/toolErrors';
import { MAX_MARKDOWN_CHARS, SUMMARY_MAX_TOKENS } from './constants';

export type PageForModel = { kind: 'text'; text: string } | { kind: 'pdf'; data: Uint8Array };

const INSTRUCTIONS =
  'Answer the request below using only the page above. Be concise; quote exactly where wording matters ' +
  '(code, commands, error messages, version numbers); say so plainly when the page does not contain the answer.';

/** The page text the model reads: cut at the limit with a note saying so. */
export function pageText(markdown: string): { text: string; truncated: boolean } {
  if (markdown.length <= MAX_MARKDOWN_CHARS) return { text: markdown, truncated: false };
  return { text: `${markdown.slice(0, MAX_MARKDOWN_CHARS)}\n\n[The page was cut here: it is longer than ${MAX_MARKDOWN_CHARS} characters.]`, truncated: true };
}

function userContent(page: PageForModel, prompt: string): UserContentBlock[] {
  const request = `${INSTRUCTIONS}\n\nRequest: ${prompt}`;
  if (page.kind === 'pdf') {
    const data = Buffer.from(page.data).toString('base64');
    return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data } }, { type: 'text', text: request }];
  }
  return [{ type: 'text', text: `Page content:\n<page>\n${pageText(page.text).text}\n</page>\n\n${request}` }];
}

/** The small model's answer; throws a ToolError when the model cannot be reached. */
export async function answerFromPage(model: ModelClient, mainModel: string, page: PageForModel, prompt: string, signal: AbortSignal): Promise<string> {
  const request = {
    model: resolveAgentModel('haiku', mainModel),
    maxTokens: SUMMARY_MAX_TOKENS,
    messages: [{ role: 'user' as const, content: userContent(page, prompt) }],
    signal,
  };
  try {
    for await (const event of model.stream(request)) {
      if (event.type !== 'messageComplete') continue;
      const text = event.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('').trim();
      return text || 'The model gave no answer about this page.';
    }
  } catch (err) {
    if (err instanceof ModelError && err.kind === 'aborted') throw new ToolError('interrupted', 'The fetch was cancelled.');
    throw new ToolError('unavailable', `The page was fetched but the model could not read it: ${err instanceof Error ? err.message : String(err)}`);
  }
  throw new ToolError('unavailable', 'The page was fetched but the model answer ended early.');
}
