/** What the model is told about StructuredOutput (our own words), and the instruction the CLI appends to the system prompt. */
export const STRUCTURED_OUTPUT_DESCRIPTION = 'Return the final answer as JSON matching the required schema';

export const STRUCTURED_OUTPUT_PROMPT = `Returns the final answer of this run as structured data. Its input schema is the exact shape the caller requires.

Call it once, at the end, when the work is done: its input is the answer. If the input does not match the schema, the error lists what is wrong; fix those parts and call it again. Do not describe the answer in text instead.`;

/** Appended to the system prompt when the run requires structured output. */
export const STRUCTURED_OUTPUT_INSTRUCTION = `This run must end with structured output: when the task is done, call the StructuredOutput tool exactly once with the final answer as its input, matching its schema. A reply in plain text does not count as the answer.`;
