/** "Rewind to here" on a user message; the host confirms which files change before doing anything. */
import { useActions } from '../shared/actions';
import '../checkpoints.css';

export function RewindButton({ messageId }: { messageId: string }) {
  const { rewind } = useActions();
  return (
    <button
      type="button"
      className="link-button rewind-button"
      data-testid="rewind-button"
      title="Rewind to here: restore the files the agent and its Bash commands changed since this message (not ignored files such as build output) and continue the conversation from before it"
      onClick={() => rewind(messageId)}
    >
      ↺ Rewind to here
    </button>
  );
}
