import type { ReactNode } from 'react';
import { Col, Row } from 'react-bootstrap';
import { PickList } from './TagList';

interface Side<T> {
  label: string;
  items: T[];
  empty: string;
}

/**
 * The shape shared by Store Tags and Tag Stores: a pick list on the left; on the right, once
 * something is picked, what it has (click to remove) above what it could get (click to add).
 */
export function TwoListEditor<T>({
  picker,
  chosen,
  hint,
  assigned,
  available,
  keyOf,
  textOf,
  busy,
  onToggle,
  children,
}: {
  /** The left list; `chosen` is whether something in it is picked. */
  picker: ReactNode;
  chosen: boolean;
  /** Shown on the right until something is picked. */
  hint: string;
  assigned: Side<T>;
  available: Side<T>;
  keyOf: (item: T) => string | number;
  textOf: (item: T) => string;
  busy: boolean;
  onToggle: (item: T) => void;
  /** Below the two lists (e.g. a save button). */
  children?: ReactNode;
}) {
  const list = (side: Side<T>, icon: string) => (
    <PickList
      label={side.label}
      items={side.items}
      keyOf={keyOf}
      textOf={textOf}
      empty={side.empty}
      loading={busy}
      disabled={busy}
      icon={icon}
      onPick={onToggle}
    />
  );
  return (
    <Row className="g-3">
      <Col md={5}>{picker}</Col>
      <Col md={7}>
        {chosen ? (
          <>
            {list(assigned, 'dash-circle')}
            {list(available, 'plus-circle')}
            {children}
          </>
        ) : (
          <p className="text-body-secondary">{hint}</p>
        )}
      </Col>
    </Row>
  );
}
