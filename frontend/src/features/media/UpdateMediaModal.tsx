import { zodResolver } from '@hookform/resolvers/zod';
import { type MediaCompany } from '@store-cloud/contracts';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { updateMediaError, updateMediaFormSchema, type UpdateMediaValues } from './placement.form';
import { DestinationSelect, FilesAndError } from './PlacementFields';
import { mediaLabelsSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

/**
 * Update Media Now (spec §5): the selected pending files go straight into a tag folder. Files of
 * the same names already live there are replaced only after the user is told and confirms.
 */
export function UpdateMediaModal({
  company,
  files,
  busy,
  liveIn,
  onCancel,
  onUpdate,
}: {
  company: MediaCompany;
  files: readonly string[];
  busy: boolean;
  /** Which of `files` are live in `tag` already. */
  liveIn: (tag: string) => string[];
  onCancel: () => void;
  onUpdate: (tag: string, replace: boolean) => void;
}) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const form = useForm<UpdateMediaValues>({
    resolver: zodResolver(updateMediaFormSchema),
    defaultValues: { files: [...files], tag: '' },
    // The problem shows from Update until the next Update, as the schedule modal's does.
    reValidateMode: 'onSubmit',
  });
  const tag = useWatch({ control: form.control, name: 'tag' });
  const clashes = tag ? liveIn(tag) : [];
  const submit = form.handleSubmit((values) => onUpdate(values.tag, clashes.length > 0));
  return (
    <Modal show onHide={onCancel} backdrop="static" centered aria-labelledby="update-media-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="update-media-title">{mediaLabels.updateMediaTitle}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Controller
            control={form.control}
            name="tag"
            render={({ field }) => (
              <DestinationSelect
                id="update-media-destination"
                company={company}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {clashes.length > 0 && (
            <Alert variant="warning" className="text-break">
              {mediaLabels.liveInTag(tag, clashes)}
            </Alert>
          )}
          <FilesAndError files={files} error={updateMediaError(form.formState.errors)} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            {mediaLabels.cancel}
          </Button>
          <Button type="submit" variant={clashes.length ? 'danger' : 'primary'} disabled={busy}>
            {clashes.length ? mediaLabels.replaceAndUpdate : mediaLabels.update}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
