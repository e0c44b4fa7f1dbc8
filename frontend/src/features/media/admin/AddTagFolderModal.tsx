import { zodResolver } from '@hookform/resolvers/zod';
import { type MediaCompany, tagNameSchema } from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../api/api-error';
import { useAddTagFolder } from '../../../api/useMediaAdmin';
import { notify } from '../../../ui/notify';
import { FormModal } from '../../../ui/FormModal';
import {
  mediaAdminLabelsSet,
  mediaMessageSets,
  mediaValidationTextSet,
} from '../../../i18n/sets/media';
import type { TextsOf } from '../../../i18n/text-set';
import { useKnownText } from '../../../i18n/known-text';
import { useTexts } from '../../../i18n/useTexts';

/**
 * The rules of a new tag folder name (spec media §5): the contract's rule the server uses (not
 * empty, no leading dot, one plain name), and a name the company does not have.
 */
const newTagSchema = (
  existing: string[],
  mediaValidationText: TextsOf<typeof mediaValidationTextSet>,
) =>
  z.object({
    newTag: tagNameSchema.refine((name) => !existing.includes(name), {
      error: (issue) => mediaValidationText.tagFolderExists(String(issue.input)),
    }),
  });
type Values = z.input<ReturnType<typeof newTagSchema>>;
type Output = z.output<ReturnType<typeof newTagSchema>>;

/** Add Media Tag Folder: one backend call makes the folder on the media server and records it. */
export function AddTagFolderModal({
  company,
  onClose,
}: {
  company: MediaCompany;
  onClose: () => void;
}) {
  const mediaAdminLabels = useTexts(mediaAdminLabelsSet);
  const mediaValidationText = useTexts(mediaValidationTextSet);
  const message = useKnownText(mediaMessageSets);
  const add = useAddTagFolder();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(newTagSchema(company.tagsList, mediaValidationText)),
    defaultValues: { newTag: '' },
  });
  const error = message(form.formState.errors.newTag?.message);
  const title = mediaAdminLabels.toastTitle.addMediaTagFolder;

  const onSubmit = form.handleSubmit(({ newTag }) =>
    add.mutate(
      { companyId: company.companyId, newTag },
      {
        onSuccess: () => {
          notify.success(title, mediaAdminLabels.tagFolderAdded(newTag));
          onClose();
        },
        onError: (e) => {
          // The backend's own refusals (exists, limit) are the spec's texts: show them in place.
          const message = e instanceof ApiError ? e.body?.message : undefined;
          if (message && e instanceof ApiError && (e.status === 409 || e.status === 400))
            form.setError('newTag', { message });
          notify.error(title, mediaAdminLabels.tagFolderAddFailed(newTag));
        },
      },
    ),
  );

  return (
    <FormModal
      title={mediaAdminLabels.addTagTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={mediaAdminLabels.cancel}
      submitLabel={mediaAdminLabels.addTag}
      busy={add.isPending}
      centered
      dismissible
    >
      <Form.Group controlId="media-new-tag">
        <Form.Label>{mediaAdminLabels.newTagName}</Form.Label>
        <Form.Control
          type="text"
          required
          autoFocus
          isInvalid={Boolean(error)}
          {...form.register('newTag')}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
    </FormModal>
  );
}
