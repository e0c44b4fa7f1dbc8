import { zodResolver } from '@hookform/resolvers/zod';
import { type MediaCompany, type Schedule } from '@store-cloud/contracts';
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
import { mediaLabelsSet, mediaToastTextSet, scheduleStatusLabelSet } from '../../i18n/sets/media';
import { useTexts } from '../../i18n/useTexts';

type Props =
  | { company: MediaCompany; folder: string; files: readonly string[]; onClose: () => void }
  | { company: MediaCompany; folder: string; schedule: Schedule; onClose: () => void };

/**
 * Create Schedule (the selected pending files) and Edit Schedule (spec §4): a READY schedule
 * edits destination, start and end; an ACTIVE one only its end; an EXPIRED one is read-only.
 * Any schedule can be deleted from here. The first problem shows from Save until the next Save.
 */
export function ScheduleModal(props: Props) {
  const mediaLabels = useTexts(mediaLabelsSet);
  const mediaToastText = useTexts(mediaToastTextSet);
  const scheduleStatusLabel = useTexts(scheduleStatusLabelSet);
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
  const { saveSchedule, deleteSchedule } = mediaLabels.toastTitle;

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
        notify.success(saveSchedule, mediaLabels.scheduleSaved);
        onClose();
      },
      // The backend's reason (an overlapping daypart, a busy file) follows the spec's text.
      onError: (e) =>
        notify.error(saveSchedule, withReason(mediaToastText.saveScheduleFailed, e), e),
    });
  });

  const doDelete = () =>
    schedule &&
    remove.mutate(schedule._id, {
      onSuccess: () => {
        notify.success(deleteSchedule, mediaLabels.scheduleDeleted);
        onClose();
      },
      onError: () => {
        notify.error(deleteSchedule, mediaToastText.deleteScheduleFailed);
        setConfirmDelete(false);
      },
    });

  if (confirmDelete && schedule)
    return (
      <ConfirmModal
        title={mediaLabels.deleteScheduleTitle}
        yesLabel={mediaLabels.delete}
        noLabel={mediaLabels.cancel}
        variant="danger"
        busy={remove.isPending}
        onNo={() => setConfirmDelete(false)}
        onYes={doDelete}
      >
        <p>{mediaLabels.deleteScheduleConfirm(schedule.destination, schedule.files.length)}</p>
        <p className="mb-0">{mediaLabels.deleteScheduleConsequence[schedule.status]}</p>
      </ConfirmModal>
    );

  const readOnly = status === 'EXPIRED';
  const endOnly = status !== 'READY';
  const title = schedule ? mediaLabels.editScheduleTitle : mediaLabels.createScheduleTitle;
  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby="schedule-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="schedule-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {schedule && (
            <p className="mb-2">
              {mediaLabels.status}:{' '}
              <StatusBadge tone={SCHEDULE_TONE[schedule.status]}>
                {scheduleStatusLabel[schedule.status]}
              </StatusBadge>
              {readOnly && <span className="d-block">{mediaLabels.scheduleReadOnly}</span>}
              {!readOnly && endOnly && (
                <span className="d-block">{mediaLabels.scheduleEndOnly}</span>
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
            label={mediaLabels.start}
            min={endOnly ? undefined : toInput(new Date())}
            disabled={endOnly}
            registration={form.register('startDate')}
          />
          <DateTimeField
            id="schedule-end"
            label={mediaLabels.end}
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
              {mediaLabels.deleteSchedule}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {mediaLabels.cancel}
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={save.isPending}>
              {mediaLabels.save}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
