/**
 * Create and Edit Schedule on their own, fetch answering as the backend does: what is sent, and
 * that a problem stops the save. The spec's checks in order are in MediaPage.spec.tsx.
 */
import {
  DAYPART_TEXT,
  MEDIA_LABELS,
  MEDIA_PORTAL_API,
  MEDIA_VALIDATION_TEXT,
  type MediaCompany,
  type Schedule,
} from '@store-cloud/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { toInput } from './media-rules';
import { ScheduleModal } from './ScheduleModal';

const ACME: MediaCompany = {
  companyId: 7,
  companyName: 'Acme',
  mediaFolderName: 'Acme-7',
  tagsList: ['promo', 'winter'],
  mediaFileLimit: 20,
  tagLimit: 10,
  stores: [],
};
const HOUR = 3600_000;
/** Whole minutes, as the inputs hold them. */
const at = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);

function backend() {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { schedule: Schedule }) : null;
      calls.push({
        path: new URL(input, 'http://portal').pathname,
        method: init?.method ?? 'GET',
        body,
      });
      return Response.json({
        ...body?.schedule,
        _id: 's1',
        companyName: 'Acme',
        mediaFolderName: 'Acme-7',
        createdDate: new Date().toISOString(),
        author: 'a@b.c',
        status: 'READY',
        // The backend saves a repeat with the time zone of the tag's stores.
        ...(body?.schedule.repeat && { repeat: { ...body.schedule.repeat, timeZone: 'UTC' } }),
      });
    }),
  );
  return calls;
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const save = (modal: HTMLElement) =>
  userEvent.click(within(modal).getByRole('button', { name: MEDIA_LABELS.save }));

describe('ScheduleModal', () => {
  it('shows the problem and sends nothing, then saves the schedule the contract asks for', async () => {
    const calls = backend();
    const onClose = vi.fn();
    renderWithProviders(
      <ScheduleModal company={ACME} folder="Acme-7" files={['a.png']} onClose={onClose} />,
    );
    const modal = dialog(MEDIA_LABELS.createScheduleTitle);
    await save(modal);
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.scheduleNeedsDestination)).toBeVisible();
    // The problem stays until the next Save.
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    expect(within(modal).getByText(MEDIA_VALIDATION_TEXT.scheduleNeedsDestination)).toBeVisible();
    expect(calls).toEqual([]);

    const start = at(Date.now() + HOUR);
    const end = at(Date.now() + 3 * HOUR);
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.start), {
      target: { value: toInput(start) },
    });
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.end), {
      target: { value: toInput(end) },
    });
    await save(modal);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        path: MEDIA_PORTAL_API.addSchedule,
        method: 'POST',
        body: {
          schedule: {
            companyId: 7,
            destination: 'promo',
            startDate: start.toISOString(),
            endDate: end.toISOString(),
            files: ['a.png'],
          },
        },
      },
    ]);
    expect(await screen.findByText(MEDIA_LABELS.scheduleSaved)).toBeInTheDocument();
  });

  it('saves a repeating schedule (dayparting) with its weekdays and daily times', async () => {
    const calls = backend();
    const onClose = vi.fn();
    renderWithProviders(
      <ScheduleModal company={ACME} folder="Acme-7" files={['a.png']} onClose={onClose} />,
    );
    const modal = dialog(MEDIA_LABELS.createScheduleTitle);
    await userEvent.selectOptions(within(modal).getByLabelText(MEDIA_LABELS.destination), 'promo');
    const start = at(Date.now() + HOUR);
    const end = at(Date.now() + 14 * 24 * HOUR);
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.start), {
      target: { value: toInput(start) },
    });
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.end), {
      target: { value: toInput(end) },
    });
    await userEvent.click(within(modal).getByLabelText(DAYPART_TEXT.repeat));
    expect(within(modal).getByText(DAYPART_TEXT.legend)).toBeVisible();
    await save(modal);
    expect(within(modal).getByText(DAYPART_TEXT.noWeekday)).toBeVisible();
    expect(calls).toEqual([]);

    await userEvent.click(within(modal).getByLabelText('Sat'));
    await userEvent.click(within(modal).getByLabelText('Mon'));
    fireEvent.change(within(modal).getByLabelText(DAYPART_TEXT.startTime), {
      target: { value: '06:30' },
    });
    fireEvent.change(within(modal).getByLabelText(DAYPART_TEXT.endTime), {
      target: { value: '10:00' },
    });
    await save(modal);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        path: MEDIA_PORTAL_API.addSchedule,
        method: 'POST',
        body: {
          schedule: {
            companyId: 7,
            destination: 'promo',
            startDate: start.toISOString(),
            endDate: end.toISOString(),
            files: ['a.png'],
            repeat: { weekdays: ['MO', 'SA'], startTime: '06:30', endTime: '10:00' },
          },
        },
      },
    ]);
  });

  it('changes only the end of a started schedule', async () => {
    const calls = backend();
    const schedule: Schedule = {
      _id: 's1',
      companyId: 7,
      companyName: 'Acme',
      mediaFolderName: 'Acme-7',
      destination: 'promo',
      startDate: '2026-01-01T10:00:30.000Z',
      endDate: new Date(Date.now() + HOUR).toISOString(),
      createdDate: '2026-01-01T09:00:00.000Z',
      author: 'a@b.c',
      files: ['a.png', 'b.png'],
      status: 'ACTIVE',
    };
    const onClose = vi.fn();
    renderWithProviders(
      <ScheduleModal company={ACME} folder="Acme-7" schedule={schedule} onClose={onClose} />,
    );
    const modal = dialog(MEDIA_LABELS.editScheduleTitle);
    expect(within(modal).getByLabelText(MEDIA_LABELS.destination)).toBeDisabled();
    expect(within(modal).getByLabelText(MEDIA_LABELS.start)).toBeDisabled();
    const end = at(Date.now() + 5 * HOUR);
    fireEvent.change(within(modal).getByLabelText(MEDIA_LABELS.end), {
      target: { value: toInput(end) },
    });
    await save(modal);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        path: MEDIA_PORTAL_API.updateSchedule,
        method: 'PUT',
        body: {
          schedule: {
            _id: 's1',
            companyId: 7,
            destination: 'promo',
            startDate: schedule.startDate,
            endDate: end.toISOString(),
            files: ['a.png', 'b.png'],
          },
        },
      },
    ]);
  });
});
