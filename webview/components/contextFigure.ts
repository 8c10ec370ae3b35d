/**
 * How full the context window is, as every place in the view says it: the header's meter, the usage line under
 * the conversation and the /context panel's summary. One function, so the three never disagree ("<1%" in one,
 * "0%" in another); the fraction itself comes from the host, measured by the API on the last request.
 */

/** Whole percent of a 0..1 fill; a fill above zero that rounds to 0 is "<1%", one short of full that rounds to 100 is "99%". */
export function contextPercent(fill: number): string {
  const clamped = Math.min(1, Math.max(0, fill));
  const whole = Math.round(clamped * 100);
  if (whole === 0 && clamped > 0) return '<1%';
  if (whole === 100 && clamped < 1) return '99%';
  return `${String(whole)}%`;
}
