import { FALLBACK_TIME_ZONE, saveCompanyTimeZoneSchema } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { withReason } from '../../api/api-error';
import { useCompanyTimeZone, useSaveCompanyTimeZone } from '../../api/useTimeZones';
import { notify } from '../../ui/notify';
import { timeZoneTextSet } from '../../i18n/sets/companies';
import { useTexts } from '../../i18n/useTexts';

/**
 * A company's default time zone (issue 32 item 2): the zone of its stores that name none, which
 * their repeating schedules run in. Saved on its own (the modal's Save is for the credentials),
 * checked with the contract's schema (IANA names) before it is sent.
 */
export function CompanyTimeZone({ companyId }: { companyId: number }) {
  const timeZoneText = useTexts(timeZoneTextSet);
  const current = useCompanyTimeZone(companyId);
  const save = useSaveCompanyTimeZone();
  // null: untouched, showing the saved default.
  const [typed, setZone] = useState<string | null>(null);
  const zone = typed ?? current.data?.timeZone ?? '';
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = saveCompanyTimeZoneSchema.safeParse({ companyId, timeZone: zone });
    if (!body.success) {
      // The schema's one refusal is a name that is no time zone: its text in the page's language.
      setError(timeZoneText.invalid);
      return;
    }
    setError(null);
    save.mutate(body.data, {
      onSuccess: () => notify.success(timeZoneText.saved, body.data.timeZone || FALLBACK_TIME_ZONE),
      onError: (e) => setError(withReason(timeZoneText.save, e)),
    });
  };

  return (
    <Form.Group className="mb-3" controlId={`company-${companyId}-time-zone`}>
      <Form.Label>{timeZoneText.companyDefault}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          value={zone}
          placeholder={FALLBACK_TIME_ZONE}
          autoComplete="off"
          isInvalid={!!error}
          disabled={current.isPending}
          onChange={(e) => setZone(e.target.value)}
        />
        <Button type="button" variant="outline-primary" disabled={save.isPending} onClick={submit}>
          {timeZoneText.save}
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
      <Form.Text>{timeZoneText.companyHelp}</Form.Text>
    </Form.Group>
  );
}
