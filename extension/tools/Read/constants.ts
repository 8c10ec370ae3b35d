/** The limits that keep one read from flooding the context. */
/** Lines returned when the model gives no limit. */
export const DEFAULT_LINE_LIMIT = 2000;
/** Whole-file reads above this are refused unless offset/limit or allow_large is given (overridable per session). */
export const MAX_FILE_BYTES = 256 * 1024;
/** PDFs over this are refused: base64 grows them by a third and the whole request must stay under 32 MB. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** With `pages`, the file itself may be bigger: only the pages cut out of it are sent (and must fit MAX_PDF_BYTES). */
export const MAX_PDF_SPLIT_BYTES = 100 * 1024 * 1024;
/** Most pages one `pages` range may name (docs/TOOLS.md, Read), so one read stays a modest share of the context. */
export const MAX_PDF_PAGES = 20;
/** One notebook output (a long log, a big table) is cut here so the cells stay readable. */
export const MAX_NOTEBOOK_OUTPUT_CHARS = 10_000;

export const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);
