/** The images of the prompt being written: paste and drop handlers, removal, and the inline error. */
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { MAX_PROMPT_IMAGES, type PromptImage } from '../../../extension/protocol/messages';
import { filesOf, readImages, type DraftImage } from './imageInput';

export interface DraftImages {
  images: readonly DraftImage[];
  error: string | null;
  remove: (id: string) => void;
  clear: () => void;
  /** Adds images the host handed back (prompts a Stop took off the queue), up to the per-prompt limit. */
  restore: (images: readonly PromptImage[]) => void;
  onPaste: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

/** The images themselves: numbered for React keys, capped per prompt, each change reported after the first render. */
function useImageList(onChange?: (images: PromptImage[]) => void) {
  const [images, setImages] = useState<readonly DraftImage[]>([]);
  /** The images last reported (none at first), so only a change is reported. */
  const reported = useRef<readonly DraftImage[]>(images);
  useEffect(() => {
    if (reported.current === images) return;
    reported.current = images;
    onChange?.(images.map((i) => i.image));
  }, [images, onChange]);
  const seq = useRef(0);
  const count = useRef(0);
  return {
    images,
    /** How many more the prompt may take (the state may not have rendered the last change yet). */
    room: useCallback(() => MAX_PROMPT_IMAGES - count.current, []),
    clear: useCallback(() => {
      count.current = 0;
      // Clearing no images changes nothing (and reports nothing to the host).
      setImages((prev) => (prev.length === 0 ? prev : []));
    }, []),
    append: useCallback((read: readonly PromptImage[]) => {
      if (read.length === 0) return;
      setImages((prev) => {
        const next = [
          ...prev,
          ...read.map((image) => {
            seq.current += 1;
            return { id: `img${String(seq.current)}`, image };
          }),
        ].slice(0, MAX_PROMPT_IMAGES);
        count.current = next.length;
        return next;
      });
    }, []),
    remove: useCallback((id: string) => {
      setImages((prev) => {
        const next = prev.filter((i) => i.id !== id);
        count.current = next.length;
        return next;
      });
    }, []),
  };
}

/** `onChange` hears every change after the first render (the host keeps the images for the next page). */
export function useDraftImages(onChange?: (images: PromptImage[]) => void): DraftImages {
  const { images, room, clear, append, remove } = useImageList(onChange);
  const [error, setError] = useState<string | null>(null);
  const add = useCallback(
    async (files: File[]) => {
      const { images: read, errors } = await readImages(files, room());
      setError(errors.length ? errors.join(' ') : null);
      append(read);
    },
    [append, room],
  );
  // Pasted and dropped files are read alike, and the default stops only when files came: an image copied
  // from a browser often comes with its URL as text, and the image is what was meant.
  const addFrom = useCallback(
    (e: { preventDefault: () => void }, data: DataTransfer) => {
      const files = filesOf(data);
      if (files.length === 0) return;
      e.preventDefault();
      void add(files);
    },
    [add],
  );

  return {
    images,
    error,
    remove: useCallback(
      (id: string) => {
        remove(id);
        setError(null);
      },
      [remove],
    ),
    clear: useCallback(() => {
      clear();
      setError(null);
    }, [clear]),
    restore: append,
    onPaste: useCallback((e: ClipboardEvent<HTMLTextAreaElement>) => addFrom(e, e.clipboardData), [addFrom]),
    onDragOver: useCallback((e: DragEvent<HTMLElement>) => {
      if (Array.from(e.dataTransfer.types).includes('Files')) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }
    }, []),
    onDrop: useCallback((e: DragEvent<HTMLElement>) => addFrom(e, e.dataTransfer), [addFrom]),
  };
}
