import { zodResolver } from '@hookform/resolvers/zod';
import { MEDIA_LIMIT, updateLimitRequestSchemas } from '@store-cloud/contracts';
import { type FormEvent, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { withReason } from '../../../api/api-error';
import { type LimitField as Field, useUpdateLimit } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { mediaAdminLabelsSet, mediaRuleTextSet, mediaToastTextSet } from '../../../i18n/sets/media';
import type { TextsOf } from '../../../i18n/text-set';
import { useTexts } from '../../../i18n/useTexts';

/**
 * The typed text, read only when it is all digits ("1e3" and "2.5" are refused, not read), then
 * the contract's limit rule; a tag limit may not fall below the tags the company has.
 */
const schemaOf = (
  field: Field,
  tagCount: number,
  rules: TextsOf<typeof mediaRuleTextSet>,
  label: string,
) => {
  const { max } = MEDIA_LIMIT[field];
  return z.object({
    newLimit: z
      .string()
      .trim()
      .regex(/^\d+$/, rules.limitRange(label, max))
      .transform(Number)
      .pipe(updateLimitRequestSchemas[field].shape.newLimit)
      .refine((n) => field !== 'tagLimit' || n >= tagCount, rules.tagLimitBelowTags(tagCount)),
  });
};
type Values = z.input<ReturnType<typeof schemaOf>>;
type Output = z.output<ReturnType<typeof schemaOf>>;

type Texts = Record<Field, { label: string; ok: string; failed: string }>;
const textOf = (
  mediaAdminLabels: TextsOf<typeof mediaAdminLabelsSet>,
  mediaToastText: TextsOf<typeof mediaToastTextSet>,
): Texts => ({
  mediaFileLimit: {
    label: mediaAdminLabels.mediaFileLimit,
    ok: mediaToastText.mediaFileLimitUpdated,
    failed: mediaToastText.mediaFileLimitFailed,
  },
  tagLimit: {
    label: mediaAdminLabels.tagFolderLimit,
    ok: mediaToastText.tagLimitUpdated,
    failed: mediaToastText.tagLimitFailed,
  },
});

/**
 * Media File Limit or Tag Folder Limit (spec media §2, §4): read-only until edit; save sends a
 * whole number in the contract's range (the server's refusal is shown in place), cancel and a failed save put the saved value back.
 */
export function LimitField({
  field,
  companyId,
  value,
  tagCount = 0,
}: {
  field: Field;
  companyId: number;
  value: number;
  /** The company's tag folders: the lowest tag limit. */
  tagCount?: number;
}) {
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const text = textOf(mediaAdminLabels, useTexts(mediaToastTextSet))[field];
  const rules = useTexts(mediaRuleTextSet);
  const [editing, setEditing] = useState(false);
  const update = useUpdateLimit(field);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schemaOf(field, tagCount, rules, text.label)),
    values: { newLimit: String(value) },
  });
  // The contract's range rule (the pipe) words its refusal in English with its English label.
  const { label, max } = MEDIA_LIMIT[field];
  const refused = form.formState.errors.newLimit?.message;
  const error =
    refused === mediaRuleTextSet.source.limitRange(label, max)
      ? rules.limitRange(text.label, max)
      : refused;
  const id = `media-limit-${field}`;

  const stop = () => {
    form.reset({ newLimit: String(value) });
    setEditing(false);
  };
  const submit = form.handleSubmit(({ newLimit }) =>
    update.mutate(
      { companyId, newLimit },
      {
        onSuccess: () => {
          notify.success(mediaAdminLabels.toastTitle.limits, text.ok);
          setEditing(false);
        },
        onError: (e) => {
          notify.error(mediaAdminLabels.toastTitle.limits, withReason(text.failed, e), e);
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
          type="text"
          inputMode="numeric"
          required
          readOnly={!editing}
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          {...form.register('newLimit')}
        />
        {editing ? (
          <>
            <Button
              type="submit"
              variant="primary"
              disabled={update.isPending}
              aria-label={mediaAdminLabels.save(text.label)}
            >
              <i className="bi bi-check-lg" aria-hidden="true" />
            </Button>
            <Button
              variant="outline-secondary"
              onClick={stop}
              disabled={update.isPending}
              aria-label={mediaAdminLabels.cancelEdit(text.label)}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </Button>
          </>
        ) : (
          <Button
            variant="outline-primary"
            onClick={() => setEditing(true)}
            aria-label={mediaAdminLabels.edit(text.label)}
          >
            <i className="bi bi-pencil" aria-hidden="true" />
          </Button>
        )}
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
