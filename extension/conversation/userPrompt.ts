/**
 * The user message of a turn: pasted images first (as `image` blocks), then the files the prompt mentions
 * (`<file>` text blocks, see mentionFiles.ts), then the prompt text itself. A prompt with neither stays a
 * plain string, byte-identical to what it was before attachments existed.
 */
import { homedir } from 'node:os';
import { checkReadPermission } from '../core/engines/permissions/filesystem';
import { isInWorkingDirectories, resolvePath } from '../core/engines/permissions/pathSafety';
import type { UserContentBlock, UserMessage } from '../core/base/messages';
import type { ToolUseContext } from '../core/contracts/toolUseContext';
import { resolveMention, type MentionAccess, type ResolvedMention } from './mentionFiles';
import { parseMentions } from './mentions';
import type { Attachment } from '../protocol/messages';

export type ImageAttachment = Extract<Attachment, { kind: 'image' }>;

export interface UserPrompt {
  content: UserMessage['content'];
  /** What the user entry shows: the images, then a chip per mention (with a warning when not attached). */
  attachments: Attachment[];
}

/** True when building the prompt needs no file access, so the user entry can be shown at once. */
export function needsResolving(text: string): boolean {
  return parseMentions(text).length > 0;
}

/** The prompt with its images and no mentions resolved. */
export function plainPrompt(text: string, images: readonly ImageAttachment[]): UserPrompt {
  return assemble(text, images, []);
}

export async function buildUserPrompt(text: string, images: readonly ImageAttachment[], access: MentionAccess): Promise<UserPrompt> {
  const resolved: ResolvedMention[] = [];
  // One at a time: the checks and reads are cheap, and the blocks keep the prompt's order.
  for (const mention of parseMentions(text)) resolved.push(await resolveMention(mention, access));
  return assemble(text, images, resolved);
}

function assemble(text: string, images: readonly ImageAttachment[], mentions: readonly ResolvedMention[]): UserPrompt {
  const blocks: UserContentBlock[] = images.map((i) => ({ type: 'image', source: { type: 'base64', media_type: i.mediaType, data: i.data } }));
  const attachments: Attachment[] = images.map((i) => ({ ...i }));
  for (const m of mentions) {
    attachments.push(m.attachment);
    if (m.block) blocks.push(m.block);
  }
  if (blocks.length === 0) return { content: text, attachments };
  blocks.push({ type: 'text', text });
  return { content: blocks, attachments };
}

/**
 * Mentions read only what the Read tool could read without asking: a file inside the workspace folders
 * (links resolved, so a link pointing out is refused) that no `Read` deny or ask rule covers.
 */
export function mentionAccess(context: ToolUseContext): MentionAccess {
  return {
    workspace: context.ports.workspace,
    cwd: context.cwd,
    ...(context.ports.mcp ? { mcp: context.ports.mcp } : {}),
    async refusal(absPath) {
      const permissions = context.getAppState().toolPermissionContext;
      if (!(await isInWorkingDirectories(context, permissions, await resolvePath(context, absPath)))) return 'it is outside the workspace';
      const decision = await checkReadPermission(absPath, context, { homeDir: homedir() });
      if (decision.behavior === 'deny') return 'a Read deny rule covers it';
      if (decision.behavior !== 'allow') return 'a Read rule asks before reading it; ask the agent to Read it';
      return undefined;
    },
  };
}
