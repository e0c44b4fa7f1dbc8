import { type ActiveSession, DATE_FORMAT_STATUS, SESSIONS_TEXT as T } from '@store-cloud/contracts';
import { format } from 'date-fns';
import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { useEndSession, useSessions } from '../../api/useSessions';
import { useLogout } from '../../app/useLogout';
import { Breakable } from '../../ui/Breakable';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';

const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);

/**
 * The user's own portal logins (issue 23), this one marked; End ends one after a confirmation.
 * Ending this one logs out; the backend refuses the others' tokens at once.
 */
export function ActiveSessions() {
  const sessions = useSessions();
  const end = useEndSession();
  const logout = useLogout();
  const [ending, setEnding] = useState<ActiveSession | null>(null);

  const confirm = () => {
    if (!ending) return;
    const current = ending.current;
    end.mutate(ending.id, {
      onSuccess: () => {
        setEnding(null);
        if (current) logout();
        else notify.success(T.heading, T.ended);
      },
      onError: () => {
        setEnding(null);
        notify.error(T.heading, T.endFailed);
      },
    });
  };

  return (
    <section className="mt-4 col-12 col-lg-10" aria-labelledby="active-sessions">
      <h2 id="active-sessions" className="h5">
        {T.heading}
      </h2>
      {sessions.isPending ? (
        <LoadingSpinner label={T.loading} />
      ) : sessions.isError ? (
        <p className="text-danger">{T.loadFailed}</p>
      ) : sessions.data.length === 0 ? (
        <p className="text-body-secondary">{T.empty}</p>
      ) : (
        <Table hover responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th>{T.started}</th>
              <th className="d-none d-md-table-cell">{T.lastSeen}</th>
              <th className="d-none d-md-table-cell">{T.address}</th>
              <th>{T.browser}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((s) => (
              <tr key={s.id} data-testid="session-row">
                <td>
                  {when(s.createdAt)}
                  {s.current && (
                    <Badge bg="success" className="ms-2">
                      {T.thisSession}
                    </Badge>
                  )}
                </td>
                <td className="d-none d-md-table-cell">{when(s.lastSeenAt)}</td>
                <td className="d-none d-md-table-cell">{s.address}</td>
                <td>
                  <Breakable text={s.userAgent} />
                </td>
                <td className="text-end">
                  <Button size="sm" variant="outline-danger" onClick={() => setEnding(s)}>
                    {T.end}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {ending && (
        <ConfirmModal
          title={T.confirmTitle}
          yesLabel={T.yes}
          noLabel={T.no}
          onYes={confirm}
          onNo={() => setEnding(null)}
          busy={end.isPending}
        >
          {ending.current ? T.confirmEndCurrent : T.confirmEnd}
        </ConfirmModal>
      )}
    </section>
  );
}
