/**
 * Quote normalisation for Edit. Models often type straight quotes where a file has typographic (curly) ones,
 * or the reverse; rather than fail, Edit finds the text with quotes normalised and writes the replacement in
 * the file's own quote style. Every quote is one UTF-16 unit either way, so indices carry over unchanged.
 */

const LEFT_SINGLE = '\u2018';
const RIGHT_SINGLE = '\u2019';
const LEFT_DOUBLE = '\u201C';
const RIGHT_DOUBLE = '\u201D';
const CURLY_SINGLE = /[\u2018\u2019]/g;
const CURLY_DOUBLE = /[\u201C\u201D]/g;

export function normalizeQuotes(text: string): string {
  return text.replace(CURLY_SINGLE, "'").replace(CURLY_DOUBLE, '"');
}

/** One place old_string matched: where, and the file's own text there (its quotes may differ). */
export interface TextMatch {
  index: number;
  text: string;
}

/** Non-overlapping occurrences, left to right (what a global replace would touch). */
function indexesOf(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/** Exact matches when there are any; otherwise matches with quotes normalised on both sides. */
export function findMatches(haystack: string, needle: string): { matches: TextMatch[]; viaQuotes: boolean } {
  const exact = indexesOf(haystack, needle);
  if (exact.length) return { matches: exact.map((index) => ({ index, text: needle })), viaQuotes: false };
  const loose = indexesOf(normalizeQuotes(haystack), normalizeQuotes(needle));
  return {
    matches: loose.map((index) => ({ index, text: haystack.slice(index, index + needle.length) })),
    viaQuotes: loose.length > 0,
  };
}

type QuoteStyle = 'curly' | 'straight' | undefined;

function styleIn(text: string, curly: RegExp, straight: string): QuoteStyle {
  const hasCurly = curly.test(text);
  const hasStraight = text.includes(straight);
  return hasCurly ? 'curly' : hasStraight ? 'straight' : undefined;
}

/** The style of one kind of quote: as in the matched text, else as in the whole file when it uses only one. */
function styleOf(matched: string, file: string, curly: RegExp, straight: string): QuoteStyle {
  const local = styleIn(matched, curly, straight);
  if (local) return local;
  const hasCurly = curly.test(file);
  const hasStraight = file.includes(straight);
  return hasCurly !== hasStraight ? (hasCurly ? 'curly' : 'straight') : undefined;
}

/**
 * `replacement` in the quote style of the file: per kind of quote (single, double), the style the matched
 * text uses, else the file's only style for that kind, else the other kind's style (a text typeset with
 * curly double quotes wants curly apostrophes too); with no clue at all, quotes stay as the model wrote them.
 */
export function matchQuoteStyle(replacement: string, matchedText: string, fileText = matchedText): string {
  const doubleStyle = styleOf(matchedText, fileText, /[\u201C\u201D]/, '"');
  const singleStyle = styleOf(matchedText, fileText, /[\u2018\u2019]/, "'");
  const doubles = doubleStyle ?? singleStyle;
  const singles = singleStyle ?? doubleStyle;
  let out = replacement;
  if (doubles === 'curly') out = curl(out, '"', LEFT_DOUBLE, RIGHT_DOUBLE);
  else if (doubles === 'straight') out = out.replace(CURLY_DOUBLE, '"');
  if (singles === 'curly') out = curl(out, "'", LEFT_SINGLE, RIGHT_SINGLE);
  else if (singles === 'straight') out = out.replace(CURLY_SINGLE, "'");
  return out;
}

const OPENS_AFTER = /[\s([{<\u2014\u2013-]/u;
const WORD = /[\p{L}\p{N}]/u;

/** Straight quotes to curly: opening at the start or after space/brackets, apostrophes inside words closing. */
function curl(text: string, straight: string, left: string, right: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== straight) {
      out += ch;
      continue;
    }
    const prev = i > 0 ? text[i - 1]! : '';
    const next = text[i + 1] ?? '';
    const apostrophe = straight === "'" && WORD.test(prev) && WORD.test(next);
    out += !apostrophe && (prev === '' || OPENS_AFTER.test(prev)) ? left : right;
  }
  return out;
}
