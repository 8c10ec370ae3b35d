import { describe, expect, it } from 'vitest';
import { added, busy, snapshot } from './fixtures';
import type { WebviewPage } from './harness';
import { useWebviewPages } from './pages';

const openPage = useWebviewPages();
let view: WebviewPage;

/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const input = () => view.page.getByTestId('composer-input');
const thumbs = () => view.page.getByTestId('composer-image');
const isDraftImages = (m: unknown) => (m as { type?: string }).type === 'draftImages';
/** What the page posted after `ready`, but the draft-image reports (their own test checks those). */
const postedAfterReady = async () => (await view.posted()).slice(1).filter((m) => !isDraftImages(m));
const draftImageReports = async () => (await view.posted()).filter(isDraftImages);

async function open(...events: unknown[]): Promise<void> {
  view = await openPage();
  await view.send(snapshot([]), ...events);
}

/** Dispatches a paste of the given files (built in the page) on the prompt box. */
async function paste(files: { name: string; type: string; base64?: string; bytes?: number }[]): Promise<void> {
  await view.page.evaluate((specs) => {
    const data = new DataTransfer();
    for (const f of specs) {
      const bytes = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : new Uint8Array(f.bytes ?? 0);
      data.items.add(new File([bytes], f.name, { type: f.type }));
    }
    const target = document.querySelector('[data-testid="composer-input"]');
    target?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files);
  await view.send();
}

async function drop(files: { name: string; type: string; base64: string }[]): Promise<void> {
  await view.page.evaluate((specs) => {
    const data = new DataTransfer();
    for (const f of specs) data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    const target = document.querySelector('[data-testid="composer-input"]');
    target?.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
  await view.send();
}

describe('webview composer images', () => {
  it('shows a pasted image as a thumbnail and sends it with the prompt', async () => {
    await open();
    await paste([{ name: 'shot.png', type: 'image/png', base64: PNG }]);
    await expect.poll(() => thumbs().count()).toBe(1);
    await expect.poll(() => thumbs().locator('img').getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    await expect.poll(() => thumbs().locator('img').getAttribute('alt')).toBe('shot.png');
    await input().fill('What is in this picture?');
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'sendPrompt', text: 'What is in this picture?', attachments: [{ kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }] },
    ]);
    await expect.poll(() => thumbs().count()).toBe(0);
  });

  it('adds dropped images and removes one with its button, then the other with the keyboard', async () => {
    await open();
    await drop([
      { name: 'a.png', type: 'image/png', base64: PNG },
      { name: 'b.gif', type: 'image/gif', base64: 'R0lGODlhAQABAAAAACw=' },
    ]);
    await expect.poll(() => thumbs().locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['a.png', 'b.gif']);
    await view.page.getByRole('button', { name: 'Remove a.png' }).click();
    await expect.poll(() => thumbs().locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['b.gif']);
    await view.page.getByRole('button', { name: 'Remove b.gif' }).focus();
    await view.page.keyboard.press('Delete');
    await expect.poll(() => thumbs().count()).toBe(0);
    await input().fill('no images now');
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([{ type: 'sendPrompt', text: 'no images now' }]);
  });

  it('refuses other file types and images over 5 MB with an inline error', async () => {
    await open();
    await paste([
      { name: 'notes.txt', type: 'text/plain', base64: 'aGk=' },
      { name: 'huge.png', type: 'image/png', bytes: 5 * 1024 * 1024 + 1 },
      { name: 'ok.png', type: 'image/png', base64: PNG },
    ]);
    await expect.poll(() => thumbs().count()).toBe(1);
    const error = () => view.page.getByTestId('composer-image-error').innerText();
    await expect.poll(error).toContain('notes.txt: only PNG, JPEG, GIF and WebP images can be attached.');
    await expect.poll(error).toContain('huge.png is 5.0 MB; images can be at most 5.0 MB.');
    await expect.poll(() => view.page.getByRole('alert').count()).toBeGreaterThan(0);
  });

  it('sends the images of a prompt typed while busy for the host to queue', async () => {
    await open(busy(true));
    await paste([{ name: 'q.png', type: 'image/png', base64: PNG }]);
    await input().fill('later');
    await input().press('Enter');
    await expect.poll(() => thumbs().count()).toBe(0);
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'sendPrompt', text: 'later', attachments: [{ kind: 'image', name: 'q.png', mediaType: 'image/png', data: PNG }] },
    ]);
  });

  it('inserts the text of an insertText event at the caret', async () => {
    await open();
    await input().fill('Look at');
    await view.send({ type: 'insertText', text: '@src/a.ts#L3-7' });
    await expect.poll(() => input().inputValue()).toBe('Look at @src/a.ts#L3-7 ');
    await expect.poll(() => input().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('puts prompts a Stop handed back before the draft, with their images, and they send as one prompt', async () => {
    await open();
    await input().fill('what I was typing');
    const image = { kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG };
    // An insert right after, before React renders, lands in the restored text (no stale draft).
    await view.send({ type: 'promptsReturned', returned: { text: 'second\n\nthird', images: [image] } }, { type: 'insertText', text: '@a.ts' });
    await expect.poll(() => input().inputValue()).toBe('second\n\nthird @a.ts \n\nwhat I was typing');
    await expect.poll(() => thumbs().count()).toBe(1);
    await input().press('Control+End');
    await input().press('Enter');
    await expect.poll(async () => (await postedAfterReady()).at(-1)).toEqual({
      type: 'sendPrompt',
      text: 'second\n\nthird @a.ts \n\nwhat I was typing',
      attachments: [image],
    });
  });

  it('restores prompts handed back in a snapshot (a Stop while the view was hidden) into an empty composer', async () => {
    view = await openPage();
    await view.send(snapshot([], { returned: { text: 'queued while hidden', images: [] } }));
    await expect.poll(() => input().inputValue()).toBe('queued while hidden');
    await expect.poll(() => thumbs().count()).toBe(0);
  });

  it('reports the draft images to the host as they change, and a new page of the view gets them back once', async () => {
    await open();
    await paste([{ name: 'shot.png', type: 'image/png', base64: PNG }]);
    await expect.poll(draftImageReports).toEqual([
      { type: 'draftImages', images: [{ kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG }] },
    ]);
    await view.page.getByTestId('composer-image-remove').click();
    await expect.poll(async () => (await draftImageReports()).at(-1)).toEqual({ type: 'draftImages', images: [] });

    // The view was hidden and shown: its new page gets the images from the first snapshot only.
    view = await openPage();
    const image = { kind: 'image', name: 'kept.png', mediaType: 'image/png', data: PNG } as const;
    await view.send(snapshot([], { draftImages: [image] }));
    await expect.poll(() => thumbs().count()).toBe(1);
    await view.send(snapshot([], { draftImages: [image] }));
    await expect.poll(() => thumbs().count()).toBe(1);
    await input().fill('with the kept image');
    await input().press('Enter');
    await expect.poll(() => postedAfterReady()).toEqual([
      { type: 'sendPrompt', text: 'with the kept image', attachments: [image] },
    ]);
  });

  it('shows a warning chip on a user message whose mention was not found', async () => {
    await open(
      added({
        id: 'u1',
        role: 'user',
        text: 'see @nope.ts',
        status: 'done',
        attachments: [{ kind: 'file', path: 'nope.ts', warning: 'Not found; the mention was sent as plain text.' }],
      }),
    );
    await expect.poll(() => view.page.getByTestId('attachment-warning').innerText()).toBe('Not found; the mention was sent as plain text.');
  });
});
