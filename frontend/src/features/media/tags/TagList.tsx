import { ListGroup, Spinner } from 'react-bootstrap';

/** A clickable list with its empty and loading states (Store Tags, Tag Stores). */
export function PickList<T>({
  label,
  items,
  keyOf,
  textOf,
  empty,
  loading = false,
  active,
  disabled = false,
  icon,
  onPick,
}: {
  label: string;
  items: T[];
  keyOf: (item: T) => string | number;
  textOf: (item: T) => string;
  empty: string;
  loading?: boolean;
  active?: (item: T) => boolean;
  disabled?: boolean;
  /** A bootstrap icon shown at the end of each row (add or remove). */
  icon?: string;
  onPick: (item: T) => void;
}) {
  return (
    <section aria-label={label} aria-busy={loading} className="mb-3">
      <h3 className="h6">{label}</h3>
      {loading ? (
        <Spinner size="sm" role="status" aria-label={label} />
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ListGroup className="overflow-auto" style={{ maxHeight: 350 }}>
          {items.map((item) => (
            <ListGroup.Item
              key={keyOf(item)}
              action
              type="button"
              active={active?.(item)}
              disabled={disabled}
              onClick={() => onPick(item)}
              className="d-flex justify-content-between align-items-center"
            >
              <span>{textOf(item)}</span>
              {icon && <i className={`bi bi-${icon}`} aria-hidden="true" />}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
