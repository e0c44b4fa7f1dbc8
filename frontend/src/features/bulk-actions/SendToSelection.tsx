import { ROUTES, type SiteMessage, siteMessageSchema } from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router-dom';
import { withReason } from '../../api/api-error';
import { selectionStores } from '../../api/bulk-actions.queries';
import { useBulkSelections, useSendBulkAction } from '../../api/useBulkActions';
import { useKnownText } from '../../i18n/known-text';
import { bulkActionsTextSet } from '../../i18n/sets/bulk';
import { messagingTextSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
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
  const B = useTexts(bulkActionsTextSet);
  const known = useKnownText([messagingTextSet]);
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
        notify.error(selection.name, B.noStores);
        return;
      }
      const checked = siteMessageSchema.safeParse(build(stores));
      if (!checked.success) {
        notify.error(B.sendToSelection, known(checked.error.issues[0]!.message));
        return;
      }
      setPending({
        selectionId: selection.id,
        name: selection.name,
        stores: stores.length,
        message: checked.data,
      });
    } catch (e) {
      notify.error(B.selection, withReason(B.selection, e));
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
          notify.success(B.sent, p.name);
          void navigate(`${ROUTES.bulkActions}?action=${encodeURIComponent(action.id)}`);
        },
        onError: (e) => notify.error(B.sendToSelection, withReason(B.send, e)),
      },
    );

  if (!list.length) return null;
  return (
    <Card as="section" className="mt-3" aria-label={B.sendToSelection}>
      <Card.Header>
        <h2 className="h6 mb-0">{B.sendToSelection}</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">{B.sendToSelectionHelp}</p>
        <Form.Group className="mb-2" controlId="send-to-selection">
          <Form.Label>{B.chooseSelection}</Form.Label>
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
          {B.sendMessage}
        </Button>
      </Card.Body>
      {pending && (
        <ConfirmModal
          title={B.sendToSelection}
          yesLabel={B.send}
          noLabel={B.cancel}
          variant="primary"
          busy={send.isPending}
          onYes={() => confirm(pending)}
          onNo={() => setPending(null)}
        >
          {B.confirmSend(pending.name, pending.stores)}
        </ConfirmModal>
      )}
    </Card>
  );
}
