import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_PROMPT_IMAGES, parseHostToWebview, parseWebviewToHost } from '../../../extension/protocol/messages';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const img = (extra: Record<string, unknown> = {}) => ({ kind: 'image', mediaType: 'image/png', data: PNG, ...extra });

describe('protocol sendPrompt attachments and insertText', () => {
  it('still accepts a prompt without attachments, and one with images', () => {
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi' }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', interrupt: true }).ok).toBe(true);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', interrupt: false }).ok).toBe(false);
    const parsed = parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: [img({ name: 'a.png' })] });
    expect(parsed).toEqual({ ok: true, message: { type: 'sendPrompt', text: 'hi', attachments: [img({ name: 'a.png' })] } });
  });

  it('refuses other media types, non-base64 data, oversized images and too many images', () => {
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: [img({ mediaType: 'image/svg+xml' })] }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: [img({ data: '<svg onload=x>' })] }).ok).toBe(false);
    const huge = 'A'.repeat(Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 4);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: [img({ data: huge })] }).ok).toBe(false);
    const many = Array.from({ length: MAX_PROMPT_IMAGES + 1 }, () => img());
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: many }).ok).toBe(false);
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: many.slice(1) }).ok).toBe(true);
    // A file attachment is the host's to make (from @ mentions), never the webview's.
    expect(parseWebviewToHost({ type: 'sendPrompt', text: 'hi', attachments: [{ kind: 'file', path: '/etc/passwd' }] }).ok).toBe(false);
  });

  it('parses insertText with non-empty text only', () => {
    expect(parseHostToWebview({ type: 'insertText', text: '@src/a.ts#L1-2' }).ok).toBe(true);
    expect(parseHostToWebview({ type: 'insertText', text: '' }).ok).toBe(false);
  });
});
