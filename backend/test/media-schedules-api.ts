import {
  MEDIA_PORTAL_API,
  type Schedule,
  scheduleListSchema,
  scheduleSchema,
} from '@store-cloud/contracts';
import type { Test } from 'supertest';

/** A call on the backend as some user (each spec has its own way to sign and address it). */
type Get = (url: string) => Test;
type Post = (url: string) => Test;

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

/** Adds a schedule of the files to the company's tag that starts and ends that many ms from now. */
export async function addScheduleSoon(
  post: Post,
  schedule: { companyId: number; destination: string; files: string[] },
  startsInMs: number,
  endsInMs: number,
): Promise<Schedule> {
  const now = Date.now();
  const res = await post(MEDIA_PORTAL_API.addSchedule)
    .send({
      schedule: {
        ...schedule,
        startDate: new Date(now + startsInMs).toISOString(),
        endDate: new Date(now + endsInMs).toISOString(),
      },
    })
    .expect(200);
  return scheduleSchema.parse(res.body);
}
