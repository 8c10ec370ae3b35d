/**
 * Collects a command's output in memory, bounded: past `maxChars` it keeps the first and the last half and
 * notes how much fell out between (the whole text is in the output file). Counts lines and bytes for progress.
 */
export class OutputCollector {
  private head = '';
  private tail = '';
  private overflowed = false;
  private dropped = 0;
  private newlines = 0;
  private endsWithNewline = true;
  totalBytes = 0;

  constructor(private readonly maxChars = 1_000_000) {}

  add(text: string): void {
    if (!text) return;
    this.totalBytes += Buffer.byteLength(text);
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.newlines++;
    this.endsWithNewline = text.endsWith('\n');
    const half = Math.floor(this.maxChars / 2);
    if (!this.overflowed) {
      if (this.head.length + text.length <= this.maxChars) {
        this.head += text;
        return;
      }
      this.overflowed = true;
      const all = this.head + text;
      this.head = all.slice(0, half);
      this.tail = all.slice(half);
    } else {
      this.tail += text;
    }
    if (this.tail.length > half) {
      this.dropped += this.tail.length - half;
      this.tail = this.tail.slice(-half);
    }
  }

  /** Lines written so far, a last line without its newline included. */
  get totalLines(): number {
    return this.newlines + (this.totalBytes > 0 && !this.endsWithNewline ? 1 : 0);
  }

  get truncated(): boolean {
    return this.dropped > 0;
  }

  /** The collected text; when some fell out, a marker names how much and where the rest is. */
  text(outputFile: string): string {
    if (!this.dropped) return this.head + this.tail;
    const omitted = this.dropped.toLocaleString('en-US');
    return `${this.head}\n\n... [${omitted} characters not shown; the full output is in ${outputFile}] ...\n\n${this.tail}`;
  }

  /** The last `lines` lines (at most `maxChars`), for progress and for a command moved to the background. */
  lastLines(lines: number, maxChars = 2000): string {
    const recent = (this.overflowed ? this.tail : this.head).slice(-maxChars * 4);
    return recent.trimEnd().split('\n').slice(-lines).join('\n').slice(-maxChars);
  }
}
