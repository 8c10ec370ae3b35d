/**
 * Follows a file as a command writes to it and hands out the new text. Polling (not fs.watch) because watch
 * events are unreliable across file systems and a command may write faster than events arrive anyway.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

const CHUNK = 64 * 1024;

export class FileTail {
  private offset = 0;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> = Promise.resolve();
  private handle: Promise<FileHandle | undefined> | undefined;
  // A multi-byte character split across two reads is held back until its rest arrives.
  private readonly decoder = new StringDecoder('utf8');
  private stopped = false;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly onText: (text: string) => void,
    private readonly intervalMs = 50,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  /** Reads whatever is new now; calls queue, so text is handed out in file order. */
  poll(): Promise<void> {
    this.reading = this.reading.then(() => this.readNew()).catch(() => {});
    return this.reading;
  }

  /** A last read, then no more: the file may keep growing (a background command), but nobody listens. */
  stop(): Promise<void> {
    this.stopping ??= this.finalRead();
    return this.stopping;
  }

  private async finalRead(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.poll();
    this.stopped = true;
    const rest = this.decoder.end();
    if (rest) this.onText(rest);
    const handle = await this.handle;
    await handle?.close().catch(() => {});
  }

  private async readNew(): Promise<void> {
    if (this.stopped) return;
    this.handle ??= open(this.file, 'r').catch(() => undefined);
    const handle = await this.handle;
    if (!handle) return;
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, this.offset);
      if (bytesRead === 0) return;
      this.offset += bytesRead;
      const text = this.decoder.write(buffer.subarray(0, bytesRead));
      if (text) this.onText(text);
    }
  }
}
