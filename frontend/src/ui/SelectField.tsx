import { Form } from 'react-bootstrap';

/**
 * A labelled select of plain text options (each option shows its value). With `placeholder`, a
 * first option of value '' asks the user to choose.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  placeholder,
  disabled,
  className = 'mb-3',
  onChange,
}: {
  id: string;
  label: string;
  value: V | '';
  options: readonly V[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  onChange: (value: V | '') => void;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as V | '')}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
