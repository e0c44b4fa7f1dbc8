import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MessageMode,
  type PolesignBrand,
  type SiteMessage,
  type TargetSite,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Alert, Nav, Tab } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useCompaniesForUser } from '../../api/useCompanies';
import { useSession } from '../../auth/useSession';
import { deliveryLabelsSet, messagingLabelsSet, messagingTextSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { SendToSelection } from '../bulk-actions/SendToSelection';
import { CreateMessageForm } from './CreateMessageForm';
import { draftMessage, EMPTY_DRAFT, type MessageDraft, messageFormSchema } from './message-draft';
import { type SelectionMode, SelectionPanel } from './SelectionPanel';
import { SendView } from './SendView';
import { SentMessagesView } from './SentMessagesView';
import { TargetPanel } from './TargetPanel';
import { useTargets } from './useTargets';

/** The screen's tabs: the spec's, and the delivery log (issue 17). */
type MessageTab = MessageMode | 'sentMessages';

/** The tabs' titles in the page's language. */
function useTabTitles(): Record<MessageTab, string> {
  const text = useTexts(messagingTextSet);
  const deliveries = useTexts(deliveryLabelsSet);
  return {
    byWorkstation: text.tabByWorkstation,
    bySite: text.tabBySite,
    byCompany: text.tabByCompany,
    byPolesign: text.tabByPolesign,
    createMessage: text.tabCreateMessage,
    sentMessages: deliveries.tab,
  };
}

/**
 * EvoMessenger Administration (spec §2 Message screen): choose target sites by workstation, site,
 * company or pole sign, create the message, then send it one site at a time. Switching to another
 * selection tab resets the prior selection; Create Message keeps it, since it sends to it.
 */
export function MessagePage() {
  const text = useTexts(messagingTextSet);
  const L = useTexts(messagingLabelsSet);
  const tabTitle = useTabTitles();
  const session = useSession();
  const companiesQuery = useCompaniesForUser();
  const companies = companiesQuery.data ?? [];

  const [mode, setMode] = useState<MessageTab>('bySite');
  const [selectionMode, setSelectionMode] = useState<SelectionMode>('bySite');
  const targetState = useTargets();
  const { targets, setTargets } = targetState;
  const [workstations, setWorkstations] = useState<string[]>([]);
  const [brand, setBrand] = useState<PolesignBrand | null>(null);
  // Here, not in the form: the draft outlives the Create Message tab while sites are chosen.
  const form = useForm<MessageDraft>({
    resolver: zodResolver(messageFormSchema(targets)),
    defaultValues: EMPTY_DRAFT,
    reValidateMode: 'onSubmit',
  });
  const [prepared, setPrepared] = useState<{ message: SiteMessage; sites: TargetSite[] } | null>(
    null,
  );
  const [sending, setSending] = useState(false);

  const modes: MessageTab[] = [
    'byWorkstation',
    'bySite',
    ...(companies.length > 1 ? (['byCompany'] as const) : []),
    ...(session?.all ? (['byPolesign'] as const) : []),
    'createMessage',
    'sentMessages',
  ];

  const clearSelection = () => {
    setTargets([]);
    setWorkstations([]);
    setBrand(null);
  };

  const selectTab = (next: MessageTab) => {
    if (sending) return;
    setMode(next);
    // The Sent Messages tab leaves the selection and a prepared message as they are.
    if (next === 'sentMessages') return;
    if (next !== 'createMessage') setPrepared(null);
    if (next !== 'createMessage' && next !== selectionMode) {
      clearSelection();
      setSelectionMode(next);
    }
  };

  const prepare = form.handleSubmit((draft) =>
    setPrepared({ message: draftMessage(draft, targets, workstations), sites: targets }),
  );

  let content;
  if (companiesQuery.isPending) {
    content = <LoadingSpinner label={L.loading} />;
  } else if (companiesQuery.isError) {
    content = <Alert variant="danger">{L.companiesFailed}</Alert>;
  } else {
    // The tabs span the screen above the panels, one line (issue 30: six tabs wrapped in the
    // left column at 1440 px); a phone scrolls them sideways. Sent Messages takes the full width.
    const log = mode === 'sentMessages';
    content = (
      <Tab.Container
        activeKey={mode}
        onSelect={(key) => key && selectTab(key as MessageTab)}
        mountOnEnter
        unmountOnExit
      >
        <Nav variant="tabs" className="mb-3 one-line-tabs">
          {modes.map((m) => (
            <Nav.Item key={m}>
              <Nav.Link eventKey={m} disabled={sending && m !== mode}>
                {tabTitle[m]}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <div className="row g-3">
          <Tab.Content className={log ? 'col-12' : 'col-lg-8'}>
            {modes.map((m) => (
              <Tab.Pane key={m} eventKey={m}>
                {m === 'sentMessages' ? (
                  <SentMessagesView onRunning={setSending} />
                ) : m !== 'createMessage' ? (
                  <SelectionPanel
                    selection={m}
                    companies={companies}
                    targets={targetState}
                    workstations={workstations}
                    onWorkstations={setWorkstations}
                    brand={brand}
                    onBrand={setBrand}
                  />
                ) : prepared ? (
                  <SendView
                    message={prepared.message}
                    sites={prepared.sites}
                    onRunning={setSending}
                    onReturn={() => setPrepared(null)}
                  />
                ) : (
                  <CreateMessageForm form={form} onPrepare={prepare} />
                )}
              </Tab.Pane>
            ))}
          </Tab.Content>
          <div className={log ? 'd-none' : 'col-lg-4'}>
            <TargetPanel
              targets={targets}
              onClear={clearSelection}
              onUseSelection={setTargets}
              disabled={sending}
            />
            {/* Issue 32: a saved selection as the target, resolved as the backend sends. */}
            <SendToSelection
              build={(stores) => draftMessage(form.getValues(), stores, [])}
              disabled={sending}
            />
          </div>
        </div>
      </Tab.Container>
    );
  }

  return (
    <section>
      <h1 className="h4 mb-3">{text.title}</h1>
      {content}
    </section>
  );
}
