/** A form's submit button (primary) and its Cancel, side by side. */
export function FormButtons({ submit, disabled, onCancel, className = 'row' }: { submit: string; disabled: boolean; onCancel: () => void; className?: string }) {
  return (
    <div className={className}>
      <button type="submit" className="primary" disabled={disabled}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
