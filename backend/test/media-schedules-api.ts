import { MEDIA_PORTAL_API, type Schedule, scheduleListSchema } from '@store-cloud/contracts';
import type { Test } from 'supertest';

/** A GET on the backend as some user (each spec has its own way to sign and address it). */
type Get = (url: string) => Test;

/** Every schedule of the media folder, as the Schedules screen lists them (status ALL). */
export async function folderSchedules(get: Get, folder: string): Promise<Schedule[]> {
  const res = await get(`${MEDIA_PORTAL_API.schedules}?status=ALL&mediafolder=${folder}`).expect(
    200,
  );
  return scheduleListSchema.parse(res.body);
}

/** One schedule's status; undefined while the folder lists no schedule with that id. */
export const scheduleStatus = async (get: Get, folder: string, id: string) =>
  (await folderSchedules(get, folder)).find((s) => s._id === id)?.status;
