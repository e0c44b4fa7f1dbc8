import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUDIT_ACTION_AREAS,
  AUDIT_ACTIONS,
  auditAreaLabel,
  type AuditQuery,
  auditQuerySchema,
  type PortalCompany,
} from '@store-cloud/contracts';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { auditActionLabelSet, auditTextSet, auditWordsSet } from '../../i18n/sets/audit';
import { useTexts } from '../../i18n/useTexts';
import { DateTimeInput } from '../../ui/DateTimeInput';

const EMPTY = { from: '', to: '', user: '', action: '', company: '' };

/** A date-time input's value (local time) as the ISO instant the query takes. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The fields as typed, checked by the contract's query schema (empty ones left out). */
const filterSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    user: z.string(),
    action: z.string(),
    company: z.string(),
  })
  .transform(
    (v) =>
      Object.fromEntries(
        Object.entries({
          from: toIso(v.from),
          to: toIso(v.to),
          user: v.user.trim(),
          action: v.action,
          company: v.company,
        }).filter(([, value]) => value),
      ) as z.input<typeof auditQuerySchema>,
  )
  .pipe(auditQuerySchema);

export type AuditFilterValues = Omit<AuditQuery, 'page' | 'pageSize'>;

/** The Audit screen's filters: time, user, action and company; Apply and Reset. */
export function AuditFilterForm({
  companies,
  onApply,
}: {
  companies: PortalCompany[];
  onApply: (filters: AuditFilterValues) => void;
}) {
  const text = useTexts(auditTextSet);
  const actionLabels = useTexts(auditActionLabelSet);
  const words = useTexts(auditWordsSet);
  const { register, handleSubmit, reset, formState } = useForm<
    z.input<typeof filterSchema>,
    unknown,
    AuditQuery
  >({ resolver: zodResolver(filterSchema), defaultValues: EMPTY });
  const error = formState.errors.from?.message;

  return (
    <Form
      onSubmit={handleSubmit(({ page: _p, pageSize: _s, ...filters }) => onApply(filters))}
      aria-label={text.filters}
      className="mb-3"
      noValidate
    >
      <Row className="g-2 align-items-end">
        <Form.Group as={Col} xs={12} md={6} lg={2} controlId="audit-from">
          <Form.Label>{text.from}</Form.Label>
          <DateTimeInput type="datetime-local" isInvalid={!!error} {...register('from')} />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group as={Col} xs={12} md={6} lg={2} controlId="audit-to">
          <Form.Label>{text.to}</Form.Label>
          <DateTimeInput type="datetime-local" {...register('to')} />
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-user">
          <Form.Label>{text.user}</Form.Label>
          <Form.Control type="text" {...register('user')} />
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-action">
          <Form.Label>{text.action}</Form.Label>
          <Form.Select {...register('action')}>
            <option value="">{text.anyAction}</option>
            {/* Each area ('site.', 'media.', 'media.file.') as a whole, then every action. */}
            {AUDIT_ACTION_AREAS.map((area) => (
              <option key={area} value={area}>
                {auditAreaLabel(area, words)}
              </option>
            ))}
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabels[action]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={12} md={4} lg={2} controlId="audit-company">
          <Form.Label>{text.company}</Form.Label>
          <Form.Select {...register('company')}>
            <option value="">{text.anyCompany}</option>
            {companies.map((c) => (
              <option key={c.companyId} value={c.companyId}>
                {c.companyName} ({c.companyId})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Col xs={12} lg={2} className="d-flex gap-2">
          <Button type="submit">{text.apply}</Button>
          <Button
            variant="outline-secondary"
            onClick={() => {
              reset(EMPTY);
              onApply({});
            }}
          >
            {text.reset}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
