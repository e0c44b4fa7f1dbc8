import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_SCOPES,
  canUse,
  type CreateApiToken,
  createApiTokenSchema,
  type CreatedApiToken,
  type PortalCompany,
  type Principal,
} from '@store-cloud/contracts';
import { Form } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateApiToken } from '../../api/useApiTokens';
import { FormField } from '../../ui/FormField';
import { notify } from '../../ui/notify';
import { ShownOnceModal } from '../../ui/ShownOnceModal';
import { FormModal } from '../../ui/FormModal';
import { CheckGroup } from '../../ui/CheckGroup';
import { apiTokenScopeLabelSet, apiTokensTextSet } from '../../i18n/sets/apitokens';
import { useTexts } from '../../i18n/useTexts';

type Values = z.input<typeof createApiTokenSchema>;

/**
 * New API token: a name, the scopes (only those the signed-in user has), all of the user's
 * companies or some, and an expiry. The created token comes back once, through onCreated.
 */
export function ApiTokenModal({
  user,
  companies,
  onClose,
  onCreated,
}: {
  user: Principal;
  companies: PortalCompany[];
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const T = useTexts(apiTokensTextSet);
  const apiTokenScopeLabel = useTexts(apiTokenScopeLabelSet);
  const create = useCreateApiToken();
  const form = useForm<Values, unknown, CreateApiToken>({
    resolver: zodResolver(createApiTokenSchema),
    defaultValues: {
      name: '',
      scopes: [],
      companies: 'all',
      expiresInDays: API_TOKEN_DEFAULT_DAYS,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const scopes = API_TOKEN_SCOPES.filter((scope) => canUse(scope, user));

  const onSubmit = form.handleSubmit((token) =>
    create.mutate(token, {
      onSuccess: (created) => {
        notify.success(T.heading, T.created);
        onCreated(created);
      },
      onError: (e) => notify.error(T.heading, T.createFailed, e),
    }),
  );

  return (
    <FormModal
      title={T.create}
      onClose={onClose}
      onSubmit={onSubmit}
      cancelLabel={T.cancel}
      submitLabel={T.submit}
      busy={create.isPending}
      centered
    >
      <FormField
        id="apitoken-name"
        label={T.name}
        autoComplete="off"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <CheckGroup
        legend={T.scopes}
        idPrefix="apitoken-scope"
        options={scopes.map((scope) => ({ value: scope, label: apiTokenScopeLabel[scope] }))}
        registration={form.register('scopes')}
        error={errors.scopes?.message}
      />
      <Controller
        control={form.control}
        name="companies"
        render={({ field }) => {
          const chosen = field.value === 'all' ? [] : field.value;
          const toggle = (id: number, on: boolean) =>
            field.onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
          return (
            <fieldset className="mb-3">
              <legend className="fs-6">{T.companies}</legend>
              <Form.Check
                type="switch"
                id="apitoken-all-companies"
                label={T.allCompanies}
                checked={field.value === 'all'}
                onChange={(e) => field.onChange(e.target.checked ? 'all' : [])}
              />
              {field.value !== 'all' &&
                companies.map((c) => (
                  <Form.Check
                    key={c.companyId}
                    id={`apitoken-company-${c.companyId}`}
                    label={`${c.companyName} (${c.companyId})`}
                    checked={chosen.includes(c.companyId)}
                    isInvalid={!!errors.companies}
                    onChange={(e) => toggle(c.companyId, e.target.checked)}
                  />
                ))}
              {errors.companies && (
                <div className="invalid-feedback d-block">{errors.companies.message}</div>
              )}
            </fieldset>
          );
        }}
      />
      <FormField
        id="apitoken-expires"
        label={T.expiresInDays}
        type="number"
        error={errors.expiresInDays?.message}
        registration={form.register('expiresInDays', { valueAsNumber: true })}
      />
    </FormModal>
  );
}

/** The new token, shown this once, with a copy button. */
export function ApiTokenShownOnce({
  created,
  onClose,
}: {
  created: CreatedApiToken;
  onClose: () => void;
}) {
  const T = useTexts(apiTokensTextSet);
  return (
    <ShownOnceModal
      title={created.name}
      intro={T.shownOnce}
      label={T.hint}
      value={created.token}
      texts={{ copy: T.copy, copied: T.copied, copyFailed: T.copyFailed, close: T.done }}
      onClose={onClose}
    />
  );
}
