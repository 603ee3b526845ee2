/** The API's message, shown where the user acted. */
export function ErrorNote({ error, onDismiss }: { error: string | null | undefined; onDismiss?: () => void }) {
  if (!error) return null;
  return (
    <div className="error-note" role="alert">
      <span className="error-label">Error</span> {error}
      {onDismiss && (
        <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}
