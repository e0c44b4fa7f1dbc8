import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEDIA_ADMIN_LABELS,
  MEDIA_TOAST_TEXT,
  updateLimitRequestSchema,
} from '@store-cloud/contracts';
import { type FormEvent, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type LimitField as Field, useUpdateLimit } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';

const schema = z.object({ newLimit: updateLimitRequestSchema.shape.newLimit });
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const TEXT: Record<Field, { label: string; ok: string; failed: string }> = {
  mediaFileLimit: {
    label: MEDIA_ADMIN_LABELS.mediaFileLimit,
    ok: MEDIA_TOAST_TEXT.mediaFileLimitUpdated,
    failed: MEDIA_TOAST_TEXT.mediaFileLimitFailed,
  },
  tagLimit: {
    label: MEDIA_ADMIN_LABELS.tagFolderLimit,
    ok: MEDIA_TOAST_TEXT.tagLimitUpdated,
    failed: MEDIA_TOAST_TEXT.tagLimitFailed,
  },
};

/**
 * Media File Limit or Tag Folder Limit (spec media §2, §4): read-only until edit; save sends the
 * required number, cancel and a failed save put the saved value back.
 */
export function LimitField({
  field,
  companyId,
  value,
}: {
  field: Field;
  companyId: number;
  value: number;
}) {
  const text = TEXT[field];
  const [editing, setEditing] = useState(false);
  const update = useUpdateLimit(field);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    values: { newLimit: value },
  });
  const error = form.formState.errors.newLimit?.message;
  const id = `media-limit-${field}`;

  const stop = () => {
    form.reset({ newLimit: value });
    setEditing(false);
  };
  const submit = form.handleSubmit(({ newLimit }) =>
    update.mutate(
      { companyId, newLimit },
      {
        onSuccess: () => {
          notify.success(MEDIA_ADMIN_LABELS.toastTitle.limits, text.ok);
          setEditing(false);
        },
        onError: () => {
          notify.error(MEDIA_ADMIN_LABELS.toastTitle.limits, text.failed);
          stop();
        },
      },
    ),
  );

  // Enter in the read-only field submits nothing.
  const onSubmit = (e: FormEvent) => (editing ? submit(e) : e.preventDefault());

  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3">
      <Form.Label htmlFor={id}>{text.label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          type="number"
          min={1}
          required
          readOnly={!editing}
          isInvalid={Boolean(error)}
          {...form.register('newLimit', { valueAsNumber: true })}
        />
        {editing ? (
          <>
            <Button
              type="submit"
              variant="primary"
              disabled={update.isPending}
              aria-label={MEDIA_ADMIN_LABELS.save(text.label)}
            >
              <i className="bi bi-check-lg" aria-hidden="true" />
            </Button>
            <Button
              variant="outline-secondary"
              onClick={stop}
              disabled={update.isPending}
              aria-label={MEDIA_ADMIN_LABELS.cancelEdit(text.label)}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </Button>
          </>
        ) : (
          <Button
            variant="outline-primary"
            onClick={() => setEditing(true)}
            aria-label={MEDIA_ADMIN_LABELS.edit(text.label)}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </Button>
        )}
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
