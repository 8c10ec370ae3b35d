/** First-run screen shown while no API key is configured: a next step, not an error. */
export interface SetupScreenProps {
  onSetApiKey: () => void;
}

export function SetupScreen({ onSetApiKey }: SetupScreenProps) {
  return (
    <main className="setup" data-testid="setup-screen" aria-labelledby="setup-title">
      <h1 id="setup-title" className="setup-title">
        Welcome to Codewright
      </h1>
      <p>
        Codewright talks to Claude through the Anthropic API, so it needs an API key before you can start
        chatting. The key is kept in VS Code&rsquo;s secret storage, never in your settings files.
      </p>
      <button type="button" className="button-primary" data-testid="set-api-key" onClick={onSetApiKey}>
        Set API Key
      </button>
      <p className="setup-hint">
        You can also set the <code>ANTHROPIC_API_KEY</code> environment variable before starting VS Code, or run{' '}
        <strong>Codewright: Set API Key</strong> from the Command Palette at any time.
      </p>
    </main>
  );
}
