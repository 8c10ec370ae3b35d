/** Command ids, declared once; package.json `contributes.commands` lists the same ids (a unit test checks). */
export const COMMANDS = {
  openChat: 'codewright.openChat',
  newChat: 'codewright.newChat',
  stop: 'codewright.stop',
  setApiKey: 'codewright.setApiKey',
  clearApiKey: 'codewright.clearApiKey',
  showLogs: 'codewright.showLogs',
  reviewChanges: 'codewright.reviewChanges',
  acceptProposedEdit: 'codewright.acceptProposedEdit',
  rejectProposedEdit: 'codewright.rejectProposedEdit',
} as const;
