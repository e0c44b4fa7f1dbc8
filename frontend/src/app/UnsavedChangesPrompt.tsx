import { useContext, useEffect, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { portalLabelsSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';
import { ConfirmModal } from '../ui/ConfirmModal';

/** Whether the screen holds edits a navigation would lose, asked at the moment it happens. */
export type HasUnsavedChanges = () => boolean;

/**
 * For a navigation that keeps or ends the edits on purpose (saved, Cancel, a hand-over to another
 * screen): `leave(go)` marks it before going, and `isLeaving()` lets the prompt stand aside.
 */
export function useLeaveOnPurpose() {
  const leaving = useRef(false);
  return useMemo(
    () => ({
      leave: (go: () => void) => {
        leaving.current = true;
        go();
      },
      isLeaving: () => leaving.current,
    }),
    [],
  );
}

/** Holds an in-app navigation to another screen and asks: stay, or leave and lose the edits. */
function NavigationPrompt({ when }: { when: HasUnsavedChanges }) {
  const T = useTexts(portalLabelsSet).unsavedChanges;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && when(),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmModal
      title={T.title}
      yesLabel={T.leave}
      noLabel={T.stay}
      variant="warning"
      onYes={() => blocker.proceed()}
      onNo={() => blocker.reset()}
    >
      <p className="mb-0">{T.body}</p>
    </ConfirmModal>
  );
}

/**
 * A prompt before leaving unsaved edits: the browser's own on a reload or a closed tab
 * (beforeunload), ours on a navigation inside the portal. `when` is read when the user leaves,
 * so a screen that saved or cancelled (a ref it sets before navigating) is let go at once.
 * Outside a data router (unit tests under a MemoryRouter) only the browser's prompt applies.
 */
export function UnsavedChangesPrompt({ when }: { when: HasUnsavedChanges }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!when()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <NavigationPrompt when={when} /> : null;
}
