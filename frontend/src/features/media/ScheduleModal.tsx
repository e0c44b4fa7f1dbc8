import { zodResolver } from '@hookform/resolvers/zod';
import {
  MEDIA_LABELS,
  MEDIA_TOAST_TEXT,
  type MediaCompany,
  type Schedule,
  SCHEDULE_STATUS_LABEL,
} from '@store-cloud/contracts';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { withReason } from '../../api/api-error';
import { useDeleteSchedule, useSaveSchedule } from '../../api/useMediaSchedules';
import { notify } from '../../ui/notify';
import { StatusBadge } from '../../ui/StatusBadge';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { SCHEDULE_TONE, toInput } from './media-rules';
import {
  scheduleError,
  scheduleFormSchema,
  type ScheduleFormOutput,
  type ScheduleFormValues,
  scheduleFormValues,
  repeatOf,
} from './placement.form';
import { DateTimeField, DestinationSelect, FilesAndError } from './PlacementFields';
import { RepeatFields } from './RepeatFields';

type Props =
  | { company: MediaCompany; folder: string; files: readonly string[]; onClose: () => void }
  | { company: MediaCompany; folder: string; schedule: Schedule; onClose: () => void };

/**
 * Create Schedule (the selected pending files) and Edit Schedule (spec §4): a READY schedule
 * edits destination, start and end; an ACTIVE one only its end; an EXPIRED one is read-only.
 * Any schedule can be deleted from here. The first problem shows from Save until the next Save.
 */
export function ScheduleModal(props: Props) {
  const { company, folder, onClose } = props;
  const schedule = 'schedule' in props ? props.schedule : undefined;
  const files: readonly string[] = 'schedule' in props ? props.schedule.files : props.files;
  const status = schedule?.status ?? 'READY';
  const form = useForm<ScheduleFormValues, unknown, ScheduleFormOutput>({
    resolver: zodResolver(scheduleFormSchema(schedule?.status)),
    defaultValues: scheduleFormValues(company.companyId, files, schedule),
    reValidateMode: 'onSubmit',
  });
  const start = useWatch({ control: form.control, name: 'startDate' });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveSchedule(folder);
  const remove = useDeleteSchedule(folder);
  const { saveSchedule, deleteSchedule } = MEDIA_LABELS.toastTitle;

  const submit = form.handleSubmit((checked) => {
    // Only the end of a started schedule changes: the rest goes back exactly as it was.
    const input =
      schedule && status !== 'READY'
        ? {
            ...checked,
            destination: schedule.destination,
            startDate: schedule.startDate,
            files: schedule.files,
            repeat: repeatOf(schedule),
          }
        : checked;
    save.mutate(schedule ? { ...input, _id: schedule._id } : input, {
      onSuccess: () => {
        notify.success(saveSchedule, MEDIA_LABELS.scheduleSaved);
        onClose();
      },
      // The backend's reason (an overlapping daypart, a busy file) follows the spec's text.
      onError: (e) =>
        notify.error(saveSchedule, withReason(MEDIA_TOAST_TEXT.saveScheduleFailed, e), e),
    });
  });

  const doDelete = () =>
    schedule &&
    remove.mutate(schedule._id, {
      onSuccess: () => {
        notify.success(deleteSchedule, MEDIA_LABELS.scheduleDeleted);
        onClose();
      },
      onError: () => {
        notify.error(deleteSchedule, MEDIA_TOAST_TEXT.deleteScheduleFailed);
        setConfirmDelete(false);
      },
    });

  if (confirmDelete && schedule)
    return (
      <ConfirmModal
        title={MEDIA_LABELS.deleteScheduleTitle}
        yesLabel={MEDIA_LABELS.delete}
        noLabel={MEDIA_LABELS.cancel}
        variant="danger"
        busy={remove.isPending}
        onNo={() => setConfirmDelete(false)}
        onYes={doDelete}
      >
        <p>{MEDIA_LABELS.deleteScheduleConfirm(schedule.destination, schedule.files.length)}</p>
        <p className="mb-0">{MEDIA_LABELS.deleteScheduleConsequence[schedule.status]}</p>
      </ConfirmModal>
    );

  const readOnly = status === 'EXPIRED';
  const endOnly = status !== 'READY';
  const title = schedule ? MEDIA_LABELS.editScheduleTitle : MEDIA_LABELS.createScheduleTitle;
  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="schedule-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="schedule-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {schedule && (
            <p className="mb-2">
              {MEDIA_LABELS.status}:{' '}
              <StatusBadge tone={SCHEDULE_TONE[schedule.status]}>
                {SCHEDULE_STATUS_LABEL[schedule.status]}
              </StatusBadge>
              {readOnly && <span className="d-block">{MEDIA_LABELS.scheduleReadOnly}</span>}
              {!readOnly && endOnly && (
                <span className="d-block">{MEDIA_LABELS.scheduleEndOnly}</span>
              )}
            </p>
          )}
          <Controller
            control={form.control}
            name="destination"
            render={({ field }) => (
              <DestinationSelect
                id="schedule-destination"
                company={company}
                value={field.value}
                disabled={endOnly}
                onChange={field.onChange}
              />
            )}
          />
          <DateTimeField
            id="schedule-start"
            label={MEDIA_LABELS.start}
            min={endOnly ? undefined : toInput(new Date())}
            disabled={endOnly}
            registration={form.register('startDate')}
          />
          <DateTimeField
            id="schedule-end"
            label={MEDIA_LABELS.end}
            min={start}
            disabled={readOnly}
            registration={form.register('endDate')}
          />
          <Controller
            control={form.control}
            name="repeat"
            render={({ field }) => (
              <RepeatFields value={field.value} disabled={endOnly} onChange={field.onChange} />
            )}
          />
          <FilesAndError files={files} error={scheduleError(form.formState.errors)} />
        </Modal.Body>
        <Modal.Footer>
          {schedule && (
            <Button
              variant="outline-danger"
              className="me-auto"
              onClick={() => setConfirmDelete(true)}
            >
              {MEDIA_LABELS.deleteSchedule}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {MEDIA_LABELS.cancel}
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={save.isPending}>
              {MEDIA_LABELS.save}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
