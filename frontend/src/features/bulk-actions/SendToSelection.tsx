import {
  BULK_ACTIONS_TEXT,
  ROUTES,
  type SiteMessage,
  siteMessageSchema,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { withReason } from '../../api/api-error';
import { selectionStores } from '../../api/bulk-actions.queries';
import { useBulkSelections, useSendBulkAction } from '../../api/useBulkActions';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { notify } from '../../ui/notify';

/** What the confirmation asks about: the message built for the stores the selection names now. */
interface Pending {
  selectionId: string;
  name: string;
  stores: number;
  message: SiteMessage;
}

/**
 * A saved selection (company, tag, online state) as the target of the message being composed
 * (issue 32 item 4): the backend resolves it again as it sends, and the action's result grid
 * opens in Bulk actions. `build` makes the message for some stores (the locations the backend
 * replaces), from the page's draft; the message screen passes it.
 */
export function SendToSelection({
  build,
  disabled = false,
}: {
  build: (stores: Awaited<ReturnType<typeof selectionStores>>) => SiteMessage;
  disabled?: boolean;
}) {
  const selections = useBulkSelections();
  const send = useSendBulkAction();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  const [resolving, setResolving] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = selections.data ?? [];
  const selection = list.find((s) => s.id === chosen);

  const prepare = async () => {
    if (!selection) return;
    setResolving(true);
    try {
      const stores = await selectionStores(selection.id);
      if (!stores.length) {
        notify.error(selection.name, BULK_ACTIONS_TEXT.noStores);
        return;
      }
      const checked = siteMessageSchema.safeParse(build(stores));
      if (!checked.success) {
        notify.error(BULK_ACTIONS_TEXT.sendToSelection, checked.error.issues[0]!.message);
        return;
      }
      setPending({
        selectionId: selection.id,
        name: selection.name,
        stores: stores.length,
        message: checked.data,
      });
    } catch (e) {
      notify.error(BULK_ACTIONS_TEXT.selection, withReason(BULK_ACTIONS_TEXT.selection, e));
    } finally {
      setResolving(false);
    }
  };

  const confirm = (p: Pending) =>
    send.mutate(
      { message: p.message, selectionId: p.selectionId },
      {
        onSuccess: (action) => {
          setPending(null);
          notify.success(BULK_ACTIONS_TEXT.sent, p.name);
          void navigate(`${ROUTES.bulkActions}?action=${encodeURIComponent(action.id)}`);
        },
        onError: (e) =>
          notify.error(BULK_ACTIONS_TEXT.sendToSelection, withReason(BULK_ACTIONS_TEXT.send, e)),
      },
    );

  if (!list.length) return null;
  return (
    <Card as="section" className="mt-3" aria-label={BULK_ACTIONS_TEXT.sendToSelection}>
      <Card.Header>
        <h2 className="h6 mb-0">{BULK_ACTIONS_TEXT.sendToSelection}</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">{BULK_ACTIONS_TEXT.sendToSelectionHelp}</p>
        <Form.Group className="mb-2" controlId="send-to-selection">
          <Form.Label>{BULK_ACTIONS_TEXT.chooseSelection}</Form.Label>
          <Form.Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="" />
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button
          disabled={disabled || !selection || resolving || send.isPending}
          onClick={() => void prepare()}
        >
          {BULK_ACTIONS_TEXT.sendMessage}
        </Button>
      </Card.Body>
      {pending && (
        <ConfirmModal
          title={BULK_ACTIONS_TEXT.sendToSelection}
          yesLabel={BULK_ACTIONS_TEXT.send}
          noLabel={BULK_ACTIONS_TEXT.cancel}
          variant="primary"
          busy={send.isPending}
          onYes={() => confirm(pending)}
          onNo={() => setPending(null)}
        >
          {BULK_ACTIONS_TEXT.confirmSend(pending.name, pending.stores)}
        </ConfirmModal>
      )}
    </Card>
  );
}
