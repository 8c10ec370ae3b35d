/** What the model is told about AskUserQuestion (our own words; the behaviour mirrors Claude Code's). */
export const ASK_USER_QUESTION_DESCRIPTION = 'Ask the user multiple-choice questions and wait for the answers';

export const ASK_USER_QUESTION_PROMPT = `Asks the user one to four multiple-choice questions while you work, and waits for the answers. Use it to:
- clear up an ambiguous instruction before acting on a guess;
- let the user pick between approaches, libraries or trade-offs;
- learn a preference or requirement you cannot find in the code.

How to ask:
- Each question needs a short header (at most 12 characters, shown as a chip, e.g. "Auth method") and two to four options, each with a label (a few words) and a description of what picking it means.
- Set multiSelect to true when several options can apply together.
- The user can always type their own answer in an "Other" field, so do not add an "Other" option yourself.
- If you recommend an option, put it first and end its label with "(Recommended)".
- Question texts must differ from each other, and option labels must differ within a question.

Do not use it to ask whether a plan is ready or whether to proceed; just continue. The user may also decline to answer: then go on with your best judgement and say what you assumed.`;
