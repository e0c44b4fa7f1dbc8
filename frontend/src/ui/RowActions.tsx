import { Button } from 'react-bootstrap';

export interface RowAction {
  text: string;
  /** The accessible name, naming the row's item. */
  label: string;
  variant: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A table row's buttons, right-aligned, wrapping on small screens. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className="d-flex flex-wrap gap-1 justify-content-end">
      {actions.map((a) => (
        <Button
          key={a.text}
          size="sm"
          variant={a.variant}
          aria-label={a.label}
          disabled={a.disabled}
          onClick={a.onClick}
        >
          {a.text}
        </Button>
      ))}
    </div>
  );
}
