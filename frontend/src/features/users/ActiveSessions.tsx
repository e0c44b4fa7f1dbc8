import type { ActiveSession } from '@store-cloud/contracts';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useEndSession, useSessions } from '../../api/useSessions';
import { useLogout } from '../../app/useLogout';
import { Breakable } from '../../ui/Breakable';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notify } from '../../ui/notify';
import { ItemTable } from '../../ui/ItemTable';
import { formatDateTime } from '../../ui/date-format';
import { sessionsTextSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

/** With seconds (the spec's status format); German writes dd.MM.yyyy. */
const when = (iso: string) => formatDateTime(iso, true);

/**
 * The user's own portal logins (issue 23), this one marked; End ends one after a confirmation.
 * Ending this one logs out; the backend refuses the others' tokens at once.
 */
export function ActiveSessions() {
  const T = useTexts(sessionsTextSet);
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
        <ItemTable
          className="align-middle"
          rows={sessions.data}
          rowKey={(s) => s.id}
          rowTestId="session-row"
          columns={[
            {
              header: T.started,
              cell: (s) => (
                <>
                  {when(s.createdAt)}
                  {s.current && (
                    <Badge bg="success" className="ms-2">
                      {T.thisSession}
                    </Badge>
                  )}
                </>
              ),
            },
            { header: T.lastSeen, wide: true, cell: (s) => when(s.lastSeenAt) },
            { header: T.address, wide: true, cell: (s) => s.address },
            { header: T.browser, cell: (s) => <Breakable text={s.userAgent} /> },
          ]}
          actions={(s) => (
            <Button size="sm" variant="outline-danger" onClick={() => setEnding(s)}>
              {T.end}
            </Button>
          )}
        />
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
