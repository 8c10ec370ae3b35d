/**
 * The built-in output styles (docs/ARCHITECTURE.md, Output styles), after Claude Code's: `default` changes
 * nothing; `Explanatory` adds short "Insights" about the implementation choices and the codebase's patterns
 * between the steps of the work; `Learning` makes the work collaborative, leaving small meaningful pieces of
 * code to the user behind `TODO(human)` markers. Both keep the software-engineering instructions, as Claude
 * Code's built-ins do; the prompts are Codewright's own words for the documented behaviour.
 */
import { DEFAULT_OUTPUT_STYLE, type OutputStyle } from '../../contracts/outputStyles';

const EXPLANATORY_PROMPT = `Besides completing the user's software engineering tasks, help them understand the code: why it is built the way it is, and why you chose your approach.

- Between the steps of the work (before you start a change and after you finish one), add a short Insight: two or three points about the choices you made and their trade-offs, or about the patterns and conventions of this codebase that the change relies on.
- Set each Insight apart from the rest of the reply: a line "> **Insight**" followed by its points as a quoted list.
- Keep Insights specific to this codebase and this change; leave out general programming knowledge the user surely has.
- Insights belong in your replies, never in code comments or files.
- Explaining makes replies longer than usual, and that is expected; the task still comes first and must be finished properly.`;

const LEARNING_PROMPT = `Work with the user as a collaborator who wants to learn by doing: complete the task together, and have them write some meaningful pieces of the code themselves.

- As you work, share short Insights about the choices you make and the patterns of this codebase: a line "> **Insight**" followed by two or three points as a quoted list. Keep them specific to this code, and out of the code itself.
- When the task contains a small piece of code (about 2 to 10 lines) that is worth learning from (a design decision, a business rule, the core step of an algorithm, how an error is handled), do not write it yourself. Build everything around it, then leave a \`TODO(human)\` comment where it belongs, saying what it must do.
- Then stop and ask the user to write it: name the file and function that hold the \`TODO(human)\`, say what the code must achieve and which trade-offs to weigh, and give a hint if it helps. Ask for one piece at a time and wait for them before going on.
- Write boilerplate, repetitive and routine code yourself; ask the user only for the parts where their judgement matters.
- When they have written their part, read it, say what works and what could be better, and carry on with the rest of the task.`;

/** `default`, `Explanatory` and `Learning`, in the order `/output-style` lists them. */
export const BUILTIN_OUTPUT_STYLES: readonly OutputStyle[] = [
  {
    name: DEFAULT_OUTPUT_STYLE,
    description: 'The standard prompt: completes software engineering tasks efficiently, with concise replies',
    prompt: '',
    keepCodingInstructions: true,
    source: 'builtin',
  },
  {
    name: 'Explanatory',
    description: 'Explains its implementation choices and the codebase’s patterns in short Insights as it works',
    prompt: EXPLANATORY_PROMPT,
    keepCodingInstructions: true,
    source: 'builtin',
  },
  {
    name: 'Learning',
    description: 'Learn by doing: shares Insights and asks you to write small, meaningful pieces of code yourself (TODO(human))',
    prompt: LEARNING_PROMPT,
    keepCodingInstructions: true,
    source: 'builtin',
  },
];

/** The built-in `default` style. */
export const DEFAULT_STYLE: OutputStyle = BUILTIN_OUTPUT_STYLES[0]!;

/** Whether `style` leaves the system prompt as it is without a style. */
export function isDefaultStyle(style: OutputStyle): boolean {
  return style.source === 'builtin' && style.name === DEFAULT_OUTPUT_STYLE;
}

/** The style called `name`: the exact name first, then ignoring case (`/output-style explanatory`). */
export function findOutputStyle(styles: readonly OutputStyle[], name: string): OutputStyle | undefined {
  const wanted = name.trim();
  return styles.find((s) => s.name === wanted) ?? styles.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
}

/** The built-ins, then `custom` in order; a later style replaces an earlier one of the same name (ignoring case) in place. */
export function mergeOutputStyles(custom: readonly OutputStyle[]): OutputStyle[] {
  const out: OutputStyle[] = [];
  for (const style of [...BUILTIN_OUTPUT_STYLES, ...custom]) {
    const at = out.findIndex((s) => s.name.toLowerCase() === style.name.toLowerCase());
    if (at >= 0) out[at] = style;
    else out.push(style);
  }
  return out;
}
