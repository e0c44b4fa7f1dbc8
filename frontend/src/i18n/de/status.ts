/** German: Status's own texts beyond `common:status` (keys as in en/status.ts). */
export default {
  messageQueueToast: {
    title: 'Nachrichtenwarteschlange',
    error: 'Die Nachrichtenwarteschlange konnte nicht geleert werden',
    success: 'Nachrichtenwarteschlange erfolgreich geleert',
  },
};
