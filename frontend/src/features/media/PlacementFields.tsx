import { type MediaCompany } from '@store-cloud/contracts';
import { Alert, Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../ui/SelectField';
import { DateTimeInput } from '../../ui/DateTimeInput';
import { mediaLabelsSet, mediaMessageSets } from '../../i18n/sets/media';
import { useKnownText } from '../../i18n/known-text';
import { useTexts } from '../../i18n/useTexts';

/**
 * The parts shared by the modals that place pending files in a tag folder (Create/Edit Schedule,
 * Update Media Now): the destination tag picker, a date-time field, and the files with the error.
 */
export function DestinationSelect({
  id,
  company,
  value,
  disabled,
  onChange,
}: {
  id: string;
  company: MediaCompany;
  value: string;
  disabled?: boolean;
  onChange: (tag: string) => void;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  return (
    <SelectField
      id={id}
      label={mediaLabels.destination}
      value={value}
      options={company.tagsList}
      placeholder={mediaLabels.selectDestination}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

export function DateTimeField({
  id,
  label,
  min,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  min?: string;
  disabled: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <DateTimeInput type="datetime-local" min={min} disabled={disabled} {...registration} />
    </Form.Group>
  );
}

export function FilesAndError({ files, error }: { files: readonly string[]; error?: string }) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const message = useKnownText(mediaMessageSets);
  return (
    <>
      <p className="mb-1">{mediaLabels.scheduleFiles}</p>
      <ul className="small text-break" style={{ maxHeight: 150, overflowY: 'auto' }}>
        {files.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {error && (
        <Alert variant="danger" className="mb-0">
          {message(error)}
        </Alert>
      )}
    </>
  );
}
