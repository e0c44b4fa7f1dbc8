import { saveCompanyTimeZoneSchema, TIME_ZONE_TEXT } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import { useCompanyTimeZone, useSaveCompanyTimeZone } from '../../api/useTimeZones';
import { notify } from '../../ui/notify';

/**
 * A company's default time zone (issue 32 item 2): the zone of its stores that name none, which
 * their repeating schedules run in. Saved on its own (the modal's Save is for the credentials),
 * checked with the contract's schema (IANA names) before it is sent.
 */
export function CompanyTimeZone({ companyId }: { companyId: number }) {
  const current = useCompanyTimeZone(companyId);
  const save = useSaveCompanyTimeZone();
  // null: untouched, showing the saved default.
  const [typed, setZone] = useState<string | null>(null);
  const zone = typed ?? current.data?.timeZone ?? '';
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = saveCompanyTimeZoneSchema.safeParse({ companyId, timeZone: zone });
    if (!body.success) {
      setError(body.error.issues[0]!.message);
      return;
    }
    setError(null);
    save.mutate(body.data, {
      onSuccess: () => notify.success(TIME_ZONE_TEXT.saved, body.data.timeZone || 'UTC'),
      onError: (e) => setError(withReason(TIME_ZONE_TEXT.save, e)),
    });
  };

  return (
    <Form.Group className="mb-3" controlId={`company-${companyId}-time-zone`}>
      <Form.Label>{TIME_ZONE_TEXT.companyDefault}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          value={zone}
          placeholder="UTC"
          autoComplete="off"
          isInvalid={!!error}
          disabled={current.isPending}
          onChange={(e) => setZone(e.target.value)}
        />
        <Button type="button" variant="outline-primary" disabled={save.isPending} onClick={submit}>
          {TIME_ZONE_TEXT.save}
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
      <Form.Text>{TIME_ZONE_TEXT.companyHelp}</Form.Text>
    </Form.Group>
  );
}
