/** What the model is told about TeamDelete (our own words). */
export const TEAM_DELETE_DESCRIPTION = 'Stop a team started with TeamCreate and remove it';

export const TEAM_DELETE_PROMPT = `Stops every still-running teammate of a team and removes the team, freeing its name and its members' names. Use it when the team's work is done or no longer needed. Teammates that already finished are left as they are; their reports stay available.`;
