/**
 * Toasts (spec §8, §9): a title and a message. The message is the toast id, so the same message
 * raised twice while the first is still on screen shows once.
 */
import { toast } from 'react-toastify';

function ToastBody({ title, message }: { title: string; message: string }) {
  return (
    <div>
      <strong className="d-block">{title}</strong>
      <span style={{ whiteSpace: 'pre-line' }}>{message}</span>
    </div>
  );
}

const show =
  (kind: 'error' | 'success' | 'info' | 'warning') =>
  (title: string, message: string): void => {
    toast[kind](<ToastBody title={title} message={message} />, { toastId: message });
  };

export const notify = {
  error: show('error'),
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
};
