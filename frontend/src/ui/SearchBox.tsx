import { Form } from 'react-bootstrap';

/** The search field above a list; its label is both placeholder and accessible name. */
export function SearchBox({
  label,
  value,
  onChange,
  className = 'mb-2',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Form.Control
      className={className}
      type="search"
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
