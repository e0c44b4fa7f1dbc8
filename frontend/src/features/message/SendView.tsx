import {
  isLogLevelOperation,
  MESSAGE_TYPE,
  type MessageHistoryEntry,
  type Operation,
  SEND_STATE,
  type SendState,
  type SiteMessage,
  siteKey,
  type TargetSite,
} from '@store-cloud/contracts';
import { Fragment, useState } from 'react';
import { Button, Card, Table } from 'react-bootstrap';
import { sendRecorded } from '../../api/useMessageDeliveries';
import { createSiteMessageTransport } from '../../api/useMessaging';
import { useKnownText } from '../../i18n/known-text';
import { companyLabelsSet } from '../../i18n/sets/common';
import { messagingLabelsSet, messagingTextSet, sendStateSet } from '../../i18n/sets/message';
import { useTexts } from '../../i18n/useTexts';
import { formatDateTime } from '../../ui/date-format';
import { SiteHistory } from './SiteHistory';

const FINAL: readonly SendState[] = [
  SEND_STATE.offline,
  SEND_STATE.sent,
  SEND_STATE.connectFailed,
  SEND_STATE.sendFailed,
  SEND_STATE.outcomeUnknown,
];
const stateClass = (state: SendState) =>
  state === SEND_STATE.sent
    ? 'text-success'
    : state === SEND_STATE.offline || state === SEND_STATE.outcomeUnknown
      ? 'text-warning'
      : state === SEND_STATE.connectFailed || state === SEND_STATE.sendFailed
        ? 'text-danger'
        : undefined;
/**
 * The send view (spec §2, §4): the message's details, back to the form, and the per-site result
 * list as the one-site-at-a-time loop reports it.
 */
export function SendView({
  message,
  sites,
  onReturn,
  onRunning,
}: {
  message: SiteMessage;
  sites: readonly TargetSite[];
  onReturn: () => void;
  onRunning: (running: boolean) => void;
}) {
  const L = useTexts(messagingLabelsSet);
  const M = useTexts(messagingTextSet);
  const C = useTexts(companyLabelsSet);
  const sendState = useKnownText([sendStateSet]);
  const [states, setStates] = useState<ReadonlyMap<string, SendState>>(new Map());
  const [histories, setHistories] = useState<ReadonlyMap<string, MessageHistoryEntry[]>>(new Map());
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(false);
  const done = sites.filter((s) =>
    FINAL.includes(states.get(siteKey(s)) ?? SEND_STATE.ready),
  ).length;

  const send = async () => {
    setRunning(true);
    onRunning(true);
    setStates(new Map());
    setHistories(new Map());
    const transport = createSiteMessageTransport((site, history) =>
      setHistories((prev) => new Map(prev).set(siteKey(site), history)),
    );
    try {
      await sendRecorded(sites, message, transport, (site, state) =>
        setStates((prev) => new Map(prev).set(siteKey(site), state)),
      );
    } finally {
      setRunning(false);
      setFinished(true);
      onRunning(false);
    }
  };

  const { payload } = message;
  const details: Array<[string, string]> = [
    [L.messageType, message.type],
    [message.type === MESSAGE_TYPE.command ? L.operation : L.content, payload.content],
    [L.destinations, message.destinations.join(', ')],
  ];
  if (message.type === MESSAGE_TYPE.command && isLogLevelOperation(payload.content as Operation)) {
    details.push([L.logLevel, payload.logLevel ?? '']);
    details.push([
      L.logPeriod,
      payload.logLevelTimePeriod ? L.minutes(payload.logLevelTimePeriod) : L.permanent,
    ]);
  }
  details.push([L.dateTime, formatDateTime(message.dateTime, true)]);
  details.push([L.messageId, message.id]);

  return (
    <>
      <Card className="mb-3">
        <Card.Header>
          <h2 className="h6 mb-0">{L.messageDetails}</h2>
        </Card.Header>
        <Card.Body>
          <dl className="row mb-0">
            {details.map(([term, value]) => (
              <Fragment key={term}>
                <dt className="col-sm-4">{term}</dt>
                <dd className="col-sm-8" style={{ whiteSpace: 'pre-wrap' }}>
                  {value}
                </dd>
              </Fragment>
            ))}
          </dl>
        </Card.Body>
      </Card>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" disabled={running} onClick={onReturn}>
          {M.returnToCreateMessage}
        </Button>
        <Button disabled={running || finished} onClick={() => void send()}>
          {M.sendMessage}
        </Button>
        {(running || finished) && (
          <span role="status" className="align-self-center text-muted">
            {L.progress(done, sites.length)}
          </span>
        )}
      </div>
      <Table size="sm" aria-label={L.result}>
        <thead>
          <tr>
            <th>{C.companyName}</th>
            <th>{C.storeName}</th>
            <th>{L.result}</th>
          </tr>
        </thead>
        <tbody>
          {sites.map((site) => {
            const state = states.get(siteKey(site)) ?? SEND_STATE.ready;
            return (
              <tr key={siteKey(site)}>
                <td>
                  {site.companyName} ({site.companyId})
                </td>
                <td>
                  {site.storeName} ({site.storeId})
                </td>
                <td className={stateClass(state)}>{sendState(state)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {sites.map((site) => {
        const history = histories.get(siteKey(site));
        return history ? (
          <SiteHistory key={siteKey(site)} store={site.storeName} history={history} />
        ) : null;
      })}
    </>
  );
}
