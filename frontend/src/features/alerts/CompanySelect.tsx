import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import type { Names } from './useNames';
import { CompanyOptions } from './NameOptions';

/**
 * The company whose rules or webhooks are on screen: the first one the user may see until
 * another is chosen.
 */
export function CompanySelect({
  id,
  label,
  names,
  value,
  onChange,
}: {
  id: string;
  label: string;
  names: Names;
  value: number | undefined;
  onChange: (companyId: number) => void;
}) {
  const first = names.companies[0]?.companyId;
  useEffect(() => {
    if (value === undefined && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  return (
    <Form.Group className="mb-3" style={{ maxWidth: '32rem' }} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        <CompanyOptions names={names} />
      </Form.Select>
    </Form.Group>
  );
}
