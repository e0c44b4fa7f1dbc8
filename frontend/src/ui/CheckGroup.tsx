import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A fieldset of checkboxes (or radios) bound to one react-hook-form field, its legend above and
 * the field's error below; `className` is the fieldset's, 'mb-3' unless given.
 */
export function CheckGroup({
  legend,
  idPrefix,
  options,
  registration,
  error,
  type = 'checkbox',
  inline = false,
  className = 'mb-3',
}: {
  legend: string;
  idPrefix: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'checkbox' | 'radio';
  inline?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="fs-6">{legend}</legend>
      {options.map(({ value, label }) => (
        <Form.Check
          inline={inline}
          type={type}
          key={value}
          id={`${idPrefix}-${value}`}
          value={value}
          label={label}
          isInvalid={!!error}
          {...registration}
        />
      ))}
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
