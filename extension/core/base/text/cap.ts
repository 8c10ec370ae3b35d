/** `text` cut to at most `max` characters, the last of them an ellipsis when it was cut. */
export function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
