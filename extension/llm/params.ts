/**
 * Core request → SDK params. Core's block types mirror the API's, so this is mostly a typed hand-over.
 * `thinking` and `output_config.effort` are the SDK's own typed fields (@anthropic-ai/sdk 1.12): what to send
 * for which model was decided in core/engines/models/requestOptions.ts.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelRequest } from '../core/contracts/modelClient';

export function toSdkParams(request: ModelRequest): Anthropic.Messages.MessageStreamParams {
  const thinking = request.thinking;
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: request.messages as Anthropic.Messages.MessageParam[],
    ...(request.system?.length ? { system: request.system as Anthropic.Messages.TextBlockParam[] } : {}),
    ...(request.tools?.length ? { tools: request.tools as Anthropic.Messages.Tool[] } : {}),
    ...(thinking && thinking.type !== 'disabled' ? { thinking: thinking satisfies Anthropic.Messages.ThinkingConfigParam } : {}),
    ...(request.effort ? { output_config: { effort: request.effort } } : {}),
    ...(request.toolChoice ? { tool_choice: request.toolChoice } : {}),
    ...(request.stopSequences?.length ? { stop_sequences: [...request.stopSequences] } : {}),
  };
}
