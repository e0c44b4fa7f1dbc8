import { type AlertSubscriptions, DATE_FORMAT_STATUS } from '@store-cloud/contracts';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { useAlertSubscriptions, useSaveAlertSubscriptions } from '../../api/useAlertSubscriptions';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import type { Names } from './useNames';
import { CompanyOptions, StoreOptions } from './NameOptions';
import { alertFollowTextSet, alertsTextSet } from '../../i18n/sets/alerts';
import { useTexts } from '../../i18n/useTexts';

type Entry = { kind: 'follow' | 'mute'; companyId: number; storeId?: number; until?: string };

const entries = (s: AlertSubscriptions): Entry[] => [
  ...s.follows.map((f) => ({ kind: 'follow' as const, ...f })),
  ...s.mutes.map((m) => ({ kind: 'mute' as const, ...m })),
];

const toSubscriptions = (list: Entry[]): AlertSubscriptions => ({
  follows: list
    .filter((e) => e.kind === 'follow')
    .map(({ companyId, storeId }) => ({
      companyId,
      ...(storeId === undefined ? {} : { storeId }),
    })),
  mutes: list
    .filter((e) => e.kind === 'mute')
    .map(({ companyId, storeId, until }) => ({
      companyId,
      ...(storeId === undefined ? {} : { storeId }),
      ...(until ? { until } : {}),
    })),
});

/** When a mute chosen now for `minutes` ends, as the contract's ISO time. */
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const sameTarget = (a: Entry, b: Entry) =>
  a.kind === b.kind && a.companyId === b.companyId && a.storeId === b.storeId;

/**
 * My notifications (issue 26 point 2): the user follows a company or store (its incidents by
 * e-mail) or mutes one for a while or until lifted. The whole set is saved at once.
 */
export function FollowMuteCard({ names }: { names: Names }) {
  const alertsText = useTexts(alertsTextSet);
  const alertFollowText = useTexts(alertFollowTextSet);
  const query = useAlertSubscriptions();
  const save = useSaveAlertSubscriptions();
  const [companyId, setCompanyId] = useState('');
  const [storeId, setStoreId] = useState('');
  const [kind, setKind] = useState<Entry['kind']>('follow');
  const [minutes, setMinutes] = useState('');
  const list = query.data ? entries(query.data) : [];
  const stores = names.companies.find((c) => String(c.companyId) === companyId)?.stores ?? [];

  const store = (next: Entry[]) =>
    save.mutate(toSubscriptions(next), {
      onSuccess: () => notify.success(alertFollowText.toast.title, alertFollowText.toast.saved),
      onError: (e) => notify.error(alertFollowText.toast.title, alertFollowText.toast.saveError, e),
    });

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!companyId) return;
    const entry: Entry = {
      kind,
      companyId: Number(companyId),
      ...(storeId ? { storeId: Number(storeId) } : {}),
      ...(kind === 'mute' && minutes ? { until: minutesFromNow(Number(minutes)) } : {}),
    };
    store([...list.filter((x) => !sameTarget(x, entry)), entry]);
  };

  const target = (e: Entry) =>
    e.storeId === undefined ? alertFollowText.wholeCompany : names.store(e.companyId, e.storeId);
  const state = (e: Entry) =>
    e.kind === 'follow'
      ? alertFollowText.following
      : e.until
        ? alertFollowText.mutedUntil(format(new Date(e.until), DATE_FORMAT_STATUS))
        : alertFollowText.muted;

  return (
    <Card className="mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">{alertFollowText.title}</h2>
      </Card.Header>
      <Card.Body>
        <p className="small text-muted">{alertFollowText.hint}</p>
        {query.isPending ? (
          <LoadingSpinner small />
        ) : query.isError ? (
          <Alert variant="danger">{alertFollowText.loadFailed}</Alert>
        ) : !list.length ? (
          <p className="text-muted">{alertFollowText.none}</p>
        ) : (
          <Table size="sm" responsive aria-label={alertFollowText.table}>
            <thead>
              <tr>
                <th>{alertFollowText.company}</th>
                <th>{alertFollowText.store}</th>
                <th>{alertFollowText.action}</th>
                <th aria-label={alertFollowText.remove} />
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={`${e.kind}:${e.companyId}:${e.storeId ?? ''}`}>
                  <td>{names.company(e.companyId)}</td>
                  <td>{target(e)}</td>
                  <td>{state(e)}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="link"
                      className="text-danger p-0"
                      disabled={save.isPending}
                      aria-label={alertFollowText.removeOf(
                        `${state(e)} ${names.company(e.companyId)} ${target(e)}`,
                      )}
                      onClick={() => store(list.filter((x) => x !== e))}
                    >
                      {alertFollowText.remove}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Form onSubmit={add} aria-label={alertFollowText.add}>
          <Row className="g-2 align-items-end">
            <Form.Group as={Col} xs={12} md={3} controlId="follow-company">
              <Form.Label>{alertFollowText.company}</Form.Label>
              <Form.Select
                value={companyId}
                onChange={(e) => {
                  setCompanyId(e.target.value);
                  setStoreId('');
                }}
              >
                <option value="">{alertFollowText.chooseCompany}</option>
                <CompanyOptions names={names} />
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={12} md={3} controlId="follow-store">
              <Form.Label>{alertFollowText.store}</Form.Label>
              <Form.Select value={storeId} onChange={(e) => setStoreId(e.target.value)}>
                <option value="">{alertFollowText.wholeCompany}</option>
                <StoreOptions names={names} stores={stores} />
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={6} md={2} controlId="follow-action">
              <Form.Label>{alertFollowText.action}</Form.Label>
              <Form.Select value={kind} onChange={(e) => setKind(e.target.value as Entry['kind'])}>
                <option value="follow">{alertFollowText.follow}</option>
                <option value="mute">{alertFollowText.mute}</option>
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={6} md={2} controlId="follow-minutes">
              <Form.Label>{alertFollowText.muteFor}</Form.Label>
              <Form.Select
                value={minutes}
                disabled={kind !== 'mute'}
                onChange={(e) => setMinutes(e.target.value)}
              >
                <option value="">{alertFollowText.forever}</option>
                {alertsText.muteOptions.map((o) => (
                  <option key={o.minutes} value={o.minutes}>
                    {o.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Col xs={12} md={2}>
              <Button type="submit" disabled={!companyId || save.isPending}>
                {alertFollowText.add}
              </Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
