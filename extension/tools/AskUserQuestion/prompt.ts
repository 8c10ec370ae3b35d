/** What the model is told about AskUserQuestion (our own words; the behaviour mirrors Claude Code's). */
export const ASK_USER_QUESTION_DESCRIPTION = 'Ask the user multiple-choice questions and wait for the answers';

export const ASK_USER_QUESTION_PROMPT = `Asks the user multiple-choice questions and waits for the answers: to clear up an ambiguous instruction instead of guessing, to let the user pick between approaches or trade-offs, or to learn a preference the code does not tell you.

- The user can always type their own answer ("Other"), so do not add an "Other" option.
- To recommend an option, put it first and end its label with "(Recommended)".
- Question texts must differ from each other, and option labels within a question.

Do not use it to ask whether a plan is ready or whether to proceed; just continue. If the user declines to answer, go on with your best judgement and say what you assumed.`;
