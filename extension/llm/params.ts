/** Core request → SDK params. Core's block types mirror the API's, so this is mostly a typed hand-over. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelRequest } from '../core/ports';

export function toSdkParams(request: ModelRequest): Anthropic.Messages.MessageStreamParams {
  const thinking = request.thinking;
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages as Anthropic.Messages.MessageParam[],
    ...(request.system?.length ? { system: request.system as Anthropic.Messages.TextBlockParam[] } : {}),
    ...(request.tools?.length ? { tools: request.tools as Anthropic.Messages.Tool[] } : {}),
    ...(thinking && thinking.type !== 'disabled' ? { thinking: thinking as Anthropic.Messages.ThinkingConfigParam } : {}),
    ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
    ...(request.stopSequences?.length ? { stop_sequences: [...request.stopSequences] } : {}),
  };
}
