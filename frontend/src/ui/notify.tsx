/**
 * Toasts (spec §8, §9): a title and a message. The message is the toast id, so the same message
 * raised twice while the first is still on screen shows once.
 */
import { toast } from 'react-toastify';
import { requestIdOf } from '../api/api-error';
import { requestTextSet } from '../i18n/sets/common';
import { useTexts } from '../i18n/useTexts';

function ToastBody({
  title,
  message,
  requestId,
}: {
  title: string;
  message: string;
  requestId?: string;
}) {
  const requestText = useTexts(requestTextSet);
  return (
    <div>
      <strong className="d-block">{title}</strong>
      <span style={{ whiteSpace: 'pre-line' }}>{message}</span>
      {requestId && (
        <small className="d-block text-muted">{requestText.requestId(requestId)}</small>
      )}
    </div>
  );
}

/** cause: the failed call, whose request id the toast shows (not part of its id: still one toast). */
const show =
  (kind: 'error' | 'success' | 'info' | 'warning') =>
  (title: string, message: string, cause?: unknown): void => {
    const requestId = requestIdOf(cause);
    toast[kind](<ToastBody title={title} message={message} requestId={requestId} />, {
      toastId: message,
    });
  };

export const notify = {
  error: show('error'),
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
};
