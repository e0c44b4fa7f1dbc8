import {
  MEDIA_PORTAL_API,
  type Schedule,
  type ScheduleInput,
  scheduleListSchema,
  scheduleSchema,
  STATUS_REFRESH_MS,
} from '@store-cloud/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { useRefreshMediaLists } from './useMediaFiles';

const schedulesKey = (folder: string) => ['portalconfig', 'schedules', folder] as const;

/**
 * Every schedule of a media folder. The backend moves schedules on at their start and end, so
 * the list refreshes like the status screen does.
 */
export const useSchedules = (folder: string) =>
  useQuery({
    queryKey: schedulesKey(folder),
    queryFn: ({ signal }) =>
      apiRequest(MEDIA_PORTAL_API.schedules, scheduleListSchema, {
        signal,
        query: { status: 'ALL', mediafolder: folder },
      }),
    refetchInterval: STATUS_REFRESH_MS,
  });

function useInvalidate(folder: string) {
  const client = useQueryClient();
  const refreshLists = useRefreshMediaLists(folder);
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: schedulesKey(folder) }), refreshLists()]);
}

export function useSaveSchedule(folder: string) {
  const invalidate = useInvalidate(folder);
  return useMutation({
    mutationFn: (schedule: ScheduleInput & { _id?: string }): Promise<Schedule> =>
      schedule._id
        ? apiRequest(MEDIA_PORTAL_API.updateSchedule, scheduleSchema, {
            method: 'PUT',
            body: { schedule },
          })
        : apiRequest(MEDIA_PORTAL_API.addSchedule, scheduleSchema, {
            method: 'POST',
            body: { schedule },
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteSchedule(folder: string) {
  const invalidate = useInvalidate(folder);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(MEDIA_PORTAL_API.schedule, z.object({ success: z.literal(true) }), {
        method: 'DELETE',
        query: { id },
      }),
    onSuccess: invalidate,
  });
}
