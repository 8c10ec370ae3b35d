/**
 * The Messages API content model as core sees it: plain structural types mirroring the API's block params,
 * so core builds requests and transcripts without importing the SDK (extension/llm/ converts).
 */

export interface CacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

export interface TextBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'; data: string };
  cache_control?: CacheControl;
}

export interface DocumentBlock {
  type: 'document';
  source: { type: 'base64'; media_type: 'application/pdf'; data: string } | { type: 'text'; media_type: 'text/plain'; data: string };
  title?: string;
  cache_control?: CacheControl;
}

/** Names a deferred tool inside a tool_result, so the API loads its definition from then on. */
export interface ToolReferenceBlock {
  type: 'tool_reference';
  tool_name: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  cache_control?: CacheControl;
}

export type ToolResultContent = string | (TextBlock | ImageBlock | DocumentBlock | ToolReferenceBlock)[];

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: ToolResultContent;
  is_error?: boolean;
  cache_control?: CacheControl;
}

export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type AssistantContentBlock = TextBlock | ToolUseBlock | ThinkingBlock | RedactedThinkingBlock;
export type UserContentBlock = TextBlock | ImageBlock | DocumentBlock | ToolResultBlock;

export interface UserMessage {
  role: 'user';
  content: string | UserContentBlock[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: AssistantContentBlock[];
}

export type Message = UserMessage | AssistantMessage;

/** A tool as the API receives it in `tools`. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
  /** Deferred tools are listed but not loaded until a tool_reference names them. */
  defer_loading?: boolean;
  strict?: boolean;
  cache_control?: CacheControl;
}

/** The text of a tool result's content, images and references left out. */
export function toolResultText(content: ToolResultContent): string {
  if (typeof content === 'string') return content;
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}
