import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';
import { MEDIA_MAX_HEIGHT, MEDIA_MAX_WIDTH, MEDIA_TYPE_TAG_PARAM } from '../constants';
import { MEDIA_ADMIN_LABELS } from '../media-admin-labels';
import { MEDIA_RULE_TEXT, MEDIA_VALIDATION_TEXT } from '../media-texts';
import { MEDIA_EXTENSIONS } from './media.schema';
import { withNameRule } from '../media-names';
import {
  DAYPART_TEXT,
  repeatFieldsSchema,
  repeatSpanFits,
  scheduleRepeatSchema,
} from '../signage/dayparting';

/**
 * Central media on the backend (spec media §3, §4, §5, §7): company media folders, tag folders,
 * limits, schedules, and what a store learns of its media.
 */
export const MEDIA_PORTAL_API = {
  serverParams: '/portal/centralmediaserverparams',
  mediaCompanies: '/portalconfig/mediacompanies',
  addMediaFolders: '/portalconfig/addmediafolders',
  addTagFolder: '/portalconfig/addtagfolder',
  removeTagFolder: '/portalconfig/removetagfolder',
  saveTagChanges: '/portalconfig/savetagchanges',
  addSchedule: '/portalconfig/addschedule',
  updateSchedule: '/portalconfig/updateschedule',
  schedules: '/portalconfig/schedules',
  schedule: '/portalconfig/schedule',
  updateMediaFileLimit: '/portalconfig/updatemediafilelimit',
  updateTagLimit: '/portalconfig/updatetaglimit',
  /** A store (tentacle secret in STORE_SECRET_HEADER) lists the active media of its tags. */
  storeMedia: '/portal/storemedia',
} as const;

/** Spec media §9 (one reading): the defaults of a company's limits. */
export const DEFAULT_MEDIA_FILE_LIMIT = 20;
export const DEFAULT_TAG_LIMIT = 10;

/** The header a store sends its tentacle secret in (contracts/src/tentacle.ts). */
export const STORE_SECRET_HEADER = 'x-store-secret';

/** Spec §5: company name with spaces removed, a dash, then the company id. */
export const mediaFolderNameOf = (companyName: string, companyId: number) =>
  `${companyName.replace(/\s+/g, '')}-${companyId}`;

/** GET /portal/centralmediaserverparams: name/value pairs (spec §3). */
export const mediaServerParamSchema = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string()]),
});
export const mediaServerParamsSchema = z.array(mediaServerParamSchema);
export type MediaServerParam = z.infer<typeof mediaServerParamSchema>;
export const MEDIA_SERVER_PARAMS: MediaServerParam[] = [
  { name: 'MaxWidth', value: MEDIA_MAX_WIDTH },
  { name: 'MaxHeight', value: MEDIA_MAX_HEIGHT },
  { name: MEDIA_TYPE_TAG_PARAM, value: MEDIA_EXTENSIONS.join(',') },
];

const MAX_NAME_LENGTH = 100;
/**
 * A media name: one safe path segment, with the media server's own rules (media-paths.ts
 * checkName), so the page refuses in words what the server would refuse.
 */
const nameSchema = (what: string) =>
  withNameRule(
    z
      .string({ error: MEDIA_RULE_TEXT.nameRequired(what) })
      .trim()
      .min(1, MEDIA_RULE_TEXT.nameRequired(what))
      .max(MAX_NAME_LENGTH, MEDIA_RULE_TEXT.nameTooLong(what, MAX_NAME_LENGTH))
      .refine((v) => !v.startsWith('.'), MEDIA_RULE_TEXT.nameStartsWithDot(what))
      .refine(
        // eslint-disable-next-line no-control-regex
        (v) => !/[\\/\x00-\x1f\x7f]/.test(v) && !v.includes('..'),
        MEDIA_RULE_TEXT.nameNotPlain(what),
      ),
    what,
    { fileLike: true },
  );
/** A tag, folder or file name. */
export const mediaNameSchema = nameSchema('name');
/** A new tag folder's name (Add Media Tag Folder). */
export const tagNameSchema = nameSchema('tag folder name');

const companyId = z.number().int();

/** The bounds of the two limits (spec media §4 leaves them open). */
export const MEDIA_FILE_LIMIT_MAX = 10_000;
export const TAG_LIMIT_MAX = 100;
/** A limit: a whole number from 1 to max; a string such as "1e3" is refused, not read. */
export const limitSchema = (label: string, max: number) => {
  const error = MEDIA_RULE_TEXT.limitRange(label, max);
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};
export const MEDIA_LIMIT = {
  mediaFileLimit: { label: MEDIA_ADMIN_LABELS.mediaFileLimit, max: MEDIA_FILE_LIMIT_MAX },
  tagLimit: { label: MEDIA_ADMIN_LABELS.tagFolderLimit, max: TAG_LIMIT_MAX },
} as const;
export type MediaLimitField = keyof typeof MEDIA_LIMIT;

export const addMediaFoldersRequestSchema = z.object({
  companyId,
  mediaFolderName: mediaNameSchema,
  tagsList: z.array(mediaNameSchema).max(1000).default([]),
});
export const addTagFolderRequestSchema = z.object({ companyId, newTag: tagNameSchema });
export const removeTagFolderRequestSchema = z.object({ companyId, removeTag: mediaNameSchema });
export const saveTagChangesRequestSchema = z.object({
  companyId,
  storeId: z.number().int(),
  tags: z.array(mediaNameSchema).max(1000),
});
export const updateMediaFileLimitRequestSchema = z.object({
  companyId,
  newLimit: limitSchema(MEDIA_LIMIT.mediaFileLimit.label, MEDIA_LIMIT.mediaFileLimit.max),
});
export const updateTagLimitRequestSchema = z.object({
  companyId,
  newLimit: limitSchema(MEDIA_LIMIT.tagLimit.label, MEDIA_LIMIT.tagLimit.max),
});
export const updateLimitRequestSchemas = {
  mediaFileLimit: updateMediaFileLimitRequestSchema,
  tagLimit: updateTagLimitRequestSchema,
} as const;

/** A company as the media screens see it. */
export const mediaCompanySchema = z.object({
  companyId,
  companyName: z.string(),
  mediaFolderName: z.string().optional(),
  tagsList: z.array(z.string()),
  mediaFileLimit: z.number().int(),
  tagLimit: z.number().int(),
  stores: z.array(
    z.object({ storeId: z.number().int(), storeName: z.string(), tags: z.array(z.string()) }),
  ),
});
export const mediaCompanyListSchema = z.array(mediaCompanySchema);
export type MediaCompany = z.infer<typeof mediaCompanySchema>;

export const SCHEDULE_STATUS = { ready: 'READY', active: 'ACTIVE', expired: 'EXPIRED' } as const;
export const SCHEDULE_STATUSES = [
  SCHEDULE_STATUS.ready,
  SCHEDULE_STATUS.active,
  SCHEDULE_STATUS.expired,
] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** Spec §2: the label of each status in the Schedules tab. */
export const SCHEDULE_STATUS_LABEL: Record<ScheduleStatus, string> = {
  READY: 'Pending',
  ACTIVE: 'Active',
  EXPIRED: 'Inactive',
};

const isoDate = z.iso.datetime({ offset: true });

/** What the create and edit modals send; author and status are the server's. */
export const scheduleInputSchema = z
  .object({
    companyId,
    destination: z.string().trim().min(1, MEDIA_VALIDATION_TEXT.scheduleNeedsDestination),
    startDate: isoDate,
    endDate: isoDate,
    files: z.array(mediaNameSchema).min(1, MEDIA_VALIDATION_TEXT.noFilesForSchedule).max(1000),
    /** Dayparting: the files show only in these windows between the start and end dates. */
    repeat: repeatFieldsSchema.optional(),
  })
  .refine((s) => Date.parse(s.endDate) > Date.parse(s.startDate), {
    message: MEDIA_VALIDATION_TEXT.endAfterStart,
    path: ['endDate'],
  })
  .refine((s) => !s.repeat || repeatSpanFits(s), {
    message: DAYPART_TEXT.tooLong,
    path: ['endDate'],
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

/** How far before now a new schedule may start: the minutes a person takes to fill the form. */
export const SCHEDULE_START_GRACE_MS = 5 * 60_000;
/** An end in the past would expire the files at once, whatever the status. */
const endInFuture = (s: { endDate: string }) => Date.parse(s.endDate) > Date.now();
/** A new (or still READY) schedule starts now or later. */
const startNotPast = (s: { startDate: string }) =>
  Date.parse(s.startDate) >= Date.now() - SCHEDULE_START_GRACE_MS;

/** A new schedule: the input rules, an end in the future and a start not in the past. */
export const newScheduleInputSchema = scheduleInputSchema
  .refine(endInFuture, { message: MEDIA_RULE_TEXT.endInPast, path: ['endDate'] })
  .refine(startNotPast, { message: MEDIA_RULE_TEXT.startInPast, path: ['startDate'] });
/**
 * An edited schedule: an end in the future. Its start is checked by the backend for a READY
 * schedule only (an ACTIVE one keeps its past start).
 */
export const editScheduleInputSchema = scheduleInputSchema.refine(endInFuture, {
  message: MEDIA_RULE_TEXT.endInPast,
  path: ['endDate'],
});
/** The backend's check of a READY schedule's start, at its clock's time (`now`, ms). */
export const scheduleStartIssue = (s: { startDate: string }, now: number = Date.now()) =>
  Date.parse(s.startDate) >= now - SCHEDULE_START_GRACE_MS
    ? undefined
    : MEDIA_RULE_TEXT.startInPast;

export const addScheduleRequestSchema = z.object({ schedule: newScheduleInputSchema });
export const updateScheduleRequestSchema = z.object({
  schedule: z.intersection(editScheduleInputSchema, z.object({ _id: z.string().min(1) })),
});

export const scheduleSchema = z.object({
  _id: z.string(),
  companyId,
  companyName: z.string(),
  mediaFolderName: z.string(),
  destination: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdDate: z.string(),
  author: z.string(),
  files: z.array(z.string()),
  status: z.enum(SCHEDULE_STATUSES),
  /** A repeating schedule (dayparting): its weekdays, times and time zone. */
  repeat: scheduleRepeatSchema.optional(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const scheduleListSchema = z.array(scheduleSchema);

export const schedulesQuerySchema = z.object({
  status: z.enum([...SCHEDULE_STATUSES, 'ALL']).default('ALL'),
  mediafolder: mediaNameSchema,
});
export const scheduleIdQuerySchema = z.object({ id: z.string().min(1) });

/** The schedule engine's BullMQ queue: one delayed job per schedule and transition. */
export const MEDIA_SCHEDULE_QUEUE = 'media-schedules';
export const MEDIA_SCHEDULE_JOB = {
  start: 'schedule-start',
  end: 'schedule-end',
  /** A repeating schedule's window edge (one job per edge time). */
  edge: 'schedule-edge',
} as const;
export type MediaScheduleJobName = (typeof MEDIA_SCHEDULE_JOB)[keyof typeof MEDIA_SCHEDULE_JOB];
export const mediaScheduleJobDataSchema = z.object({
  scheduleId: z.string(),
  /** An edge job's time (ms): the window edge it was planned for. */
  edge: z.number().optional(),
});
export type MediaScheduleJobData = z.infer<typeof mediaScheduleJobDataSchema>;
export const mediaScheduleJobId = (scheduleId: string, job: MediaScheduleJobName) =>
  `${scheduleId}-${job}`;
/** A repeating schedule's job for the window edge at `edge` (ms). */
export const mediaScheduleEdgeJobId = (scheduleId: string, edge: number) =>
  `${mediaScheduleJobId(scheduleId, MEDIA_SCHEDULE_JOB.edge)}-${edge}`;

/** GET /portal/storemedia?c=&s=: the files active in the store's tags. */
export const storeMediaQuerySchema = z.object({
  c: wholeNumberSchema,
  s: wholeNumberSchema,
});
export const storeMediaSchema = z.object({
  companyId,
  storeId: z.number().int(),
  tags: z.array(z.string()),
  files: z.array(
    z.object({
      tag: z.string(),
      filename: z.string(),
      url: z.string(),
      /** The file's id for proof of play: it stays when the file is renamed or deleted. */
      mediaId: z.string().optional(),
      /** The active schedule that put the file in the tag, when one did. */
      scheduleId: z.string().optional(),
    }),
  ),
});
export type StoreMedia = z.infer<typeof storeMediaSchema>;
