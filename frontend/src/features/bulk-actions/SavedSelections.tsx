import { zodResolver } from '@hookform/resolvers/zod';
import {
  bulkSelectionFormSchema,
  type BulkSelection,
  ONLINE_STATE,
  ONLINE_STATES,
  type ResolvedStore,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Card, Form, ListGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { withReason } from '../../api/api-error';
import { selectionStores } from '../../api/bulk-actions.queries';
import { useCompaniesForUser } from '../../api/useCompanies';
import { useBulkSelections, useDeleteSelection, useSaveSelection } from '../../api/useBulkActions';
import { bulkActionsTextSet } from '../../i18n/sets/bulk';
import { type TextsOf } from '../../i18n/text-set';
import { useTexts } from '../../i18n/useTexts';
import { CheckGroup } from '../../ui/CheckGroup';
import { FormField } from '../../ui/FormField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';

type FormValues = z.input<typeof bulkSelectionFormSchema>;
type FormOutput = z.output<typeof bulkSelectionFormSchema>;

const describe = (s: BulkSelection, B: TextsOf<typeof bulkActionsTextSet>) =>
  [
    s.companyIds.length ? s.companyIds.join(', ') : null,
    s.tags.length ? `#${s.tags.join(' #')}` : null,
    B.onlineLabel[s.online],
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The caller's saved selections: by company, tag and online state, resolved to stores only when
 * used. With onUse (the message screen's target panel) each can be used as the target sites.
 */
export function SavedSelections({
  onUse,
  disabled = false,
}: {
  onUse?: (stores: ResolvedStore[]) => void;
  disabled?: boolean;
}) {
  const B = useTexts(bulkActionsTextSet);
  const selections = useBulkSelections();
  const companies = useCompaniesForUser();
  const save = useSaveSelection();
  const remove = useDeleteSelection();
  const [using, setUsing] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(bulkSelectionFormSchema),
    defaultValues: { name: '', companyIds: [], tags: '', online: ONLINE_STATE.any },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (e) => notify.error(B.saveSelection, withReason(B.saveSelection, e)),
    }),
  );

  const use = async (selection: BulkSelection) => {
    if (!onUse) return;
    setUsing(selection.id);
    try {
      const stores = await selectionStores(selection.id);
      onUse(stores);
      notify.success(selection.name, B.resolvesTo(stores.length));
    } catch (e) {
      notify.error(B.selection, withReason(B.selection, e));
    } finally {
      setUsing(null);
    }
  };

  return (
    <Card aria-label={B.selections}>
      <Card.Header>
        <h2 className="h6 mb-0">{B.selections}</h2>
      </Card.Header>
      {selections.isPending ? (
        <Card.Body>
          <LoadingSpinner small label={B.loading} />
        </Card.Body>
      ) : !selections.data?.length ? (
        <Card.Body className="text-muted">{B.noSelections}</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {selections.data.map((s) => (
            <ListGroup.Item key={s.id} className="d-flex align-items-center gap-2">
              <div className="flex-grow-1 text-break">
                <div>{s.name}</div>
                <small className="text-muted">{describe(s, B)}</small>
              </div>
              {onUse ? (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={disabled || using !== null}
                  aria-label={`${B.useSelection} ${s.name}`}
                  onClick={() => void use(s)}
                >
                  {B.useSelection}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={remove.isPending}
                  aria-label={`${B.deleteSelection} ${s.name}`}
                  onClick={() => remove.mutate(s.id)}
                >
                  {B.deleteSelection}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {!onUse && (
        <Card.Body>
          <Form noValidate onSubmit={(e) => void submit(e)} aria-label={B.saveSelection}>
            <FormField
              id="selection-name"
              label={B.selectionName}
              error={errors.name?.message}
              registration={form.register('name')}
            />
            <CheckGroup
              legend={B.selectionCompanies}
              idPrefix="selection-company"
              options={(companies.data ?? []).map((c) => ({
                value: String(c.companyId),
                label: `${c.companyName} (${c.companyId})`,
              }))}
              registration={form.register('companyIds')}
              error={errors.companyIds?.message}
            />
            <FormField
              id="selection-tags"
              label={B.selectionTags}
              error={errors.tags?.message}
              registration={form.register('tags')}
            />
            <CheckGroup
              legend={B.selectionOnline}
              idPrefix="selection-online"
              type="radio"
              options={ONLINE_STATES.map((o) => ({
                value: o,
                label: B.onlineLabel[o],
              }))}
              registration={form.register('online')}
              error={errors.online?.message}
            />
            <Button type="submit" size="sm" disabled={save.isPending}>
              {B.saveSelection}
            </Button>
          </Form>
        </Card.Body>
      )}
    </Card>
  );
}
