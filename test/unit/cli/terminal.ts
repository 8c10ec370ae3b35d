/** A fake terminal for the CLI's interactive mode: typed input that says it is a TTY, and an output that records. */
import { PassThrough } from 'node:stream';

/** A stdin that says it is a terminal, with `text` typed into it. */
export function terminal(text: string): NodeJS.ReadableStream {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  input.end(text);
  return input;
}

export function sink(): { stream: NodeJS.WritableStream; text: () => string } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  return { stream: out, text: () => text };
}
