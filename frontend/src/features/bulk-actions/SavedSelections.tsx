import { zodResolver } from '@hookform/resolvers/zod';
import {
  BULK_ACTIONS_TEXT,
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
import { CheckGroup } from '../../ui/CheckGroup';
import { FormField } from '../../ui/FormField';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';

type FormValues = z.input<typeof bulkSelectionFormSchema>;
type FormOutput = z.output<typeof bulkSelectionFormSchema>;

const describe = (s: BulkSelection) =>
  [
    s.companyIds.length ? s.companyIds.join(', ') : null,
    s.tags.length ? `#${s.tags.join(' #')}` : null,
    BULK_ACTIONS_TEXT.onlineLabel[s.online],
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
      onError: (e) =>
        notify.error(
          BULK_ACTIONS_TEXT.saveSelection,
          withReason(BULK_ACTIONS_TEXT.saveSelection, e),
        ),
    }),
  );

  const use = async (selection: BulkSelection) => {
    if (!onUse) return;
    setUsing(selection.id);
    try {
      const stores = await selectionStores(selection.id);
      onUse(stores);
      notify.success(selection.name, BULK_ACTIONS_TEXT.resolvesTo(stores.length));
    } catch (e) {
      notify.error(BULK_ACTIONS_TEXT.selection, withReason(BULK_ACTIONS_TEXT.selection, e));
    } finally {
      setUsing(null);
    }
  };

  return (
    <Card aria-label={BULK_ACTIONS_TEXT.selections}>
      <Card.Header>
        <h2 className="h6 mb-0">{BULK_ACTIONS_TEXT.selections}</h2>
      </Card.Header>
      {selections.isPending ? (
        <Card.Body>
          <LoadingSpinner small label={BULK_ACTIONS_TEXT.loading} />
        </Card.Body>
      ) : !selections.data?.length ? (
        <Card.Body className="text-muted">{BULK_ACTIONS_TEXT.noSelections}</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {selections.data.map((s) => (
            <ListGroup.Item key={s.id} className="d-flex align-items-center gap-2">
              <div className="flex-grow-1 text-break">
                <div>{s.name}</div>
                <small className="text-muted">{describe(s)}</small>
              </div>
              {onUse ? (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={disabled || using !== null}
                  aria-label={`${BULK_ACTIONS_TEXT.useSelection} ${s.name}`}
                  onClick={() => void use(s)}
                >
                  {BULK_ACTIONS_TEXT.useSelection}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={remove.isPending}
                  aria-label={`${BULK_ACTIONS_TEXT.deleteSelection} ${s.name}`}
                  onClick={() => remove.mutate(s.id)}
                >
                  {BULK_ACTIONS_TEXT.deleteSelection}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {!onUse && (
        <Card.Body>
          <Form
            noValidate
            onSubmit={(e) => void submit(e)}
            aria-label={BULK_ACTIONS_TEXT.saveSelection}
          >
            <FormField
              id="selection-name"
              label={BULK_ACTIONS_TEXT.selectionName}
              error={errors.name?.message}
              registration={form.register('name')}
            />
            <CheckGroup
              legend={BULK_ACTIONS_TEXT.selectionCompanies}
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
              label={BULK_ACTIONS_TEXT.selectionTags}
              error={errors.tags?.message}
              registration={form.register('tags')}
            />
            <CheckGroup
              legend={BULK_ACTIONS_TEXT.selectionOnline}
              idPrefix="selection-online"
              type="radio"
              options={ONLINE_STATES.map((o) => ({
                value: o,
                label: BULK_ACTIONS_TEXT.onlineLabel[o],
              }))}
              registration={form.register('online')}
              error={errors.online?.message}
            />
            <Button type="submit" size="sm" disabled={save.isPending}>
              {BULK_ACTIONS_TEXT.saveSelection}
            </Button>
          </Form>
        </Card.Body>
      )}
    </Card>
  );
}
