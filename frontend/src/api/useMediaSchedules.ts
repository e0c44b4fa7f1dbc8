import {
  MEDIA_PORTAL_API,
  type Schedule,
  type ScheduleInput,
  scheduleSchema,
} from '@store-cloud/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { mediaQueries } from './media.queries';
import { useInvalidatingMutation } from './useInvalidatingMutation';

/** Every schedule of a media folder, refreshed like the status screen. */
export const useSchedules = (folder: string) => useQuery(mediaQueries.schedules(folder));

/** A schedule's change moves files: its folder's schedules and lists refresh. */
const changedBy = (folder: string) => [
  mediaQueries.schedules(folder).queryKey,
  mediaQueries.listsOf(folder),
];

export const useSaveSchedule = (folder: string) =>
  useInvalidatingMutation(
    changedBy(folder),
    (schedule: ScheduleInput & { _id?: string }): Promise<Schedule> =>
      schedule._id
        ? apiRequest(MEDIA_PORTAL_API.updateSchedule, scheduleSchema, {
            method: 'PUT',
            body: { schedule },
          })
        : apiRequest(MEDIA_PORTAL_API.addSchedule, scheduleSchema, {
            method: 'POST',
            body: { schedule },
          }),
  );

export const useDeleteSchedule = (folder: string) =>
  useInvalidatingMutation(changedBy(folder), (id: string) =>
    apiRequest(MEDIA_PORTAL_API.schedule, z.object({ success: z.literal(true) }), {
      method: 'DELETE',
      query: { id },
    }),
  );
