import {
  DAYPART_TEXT,
  MEDIA_ADMIN_LABELS,
  MEDIA_LABELS,
  MEDIA_PREVIEW_LABELS,
  MEDIA_RULE_TEXT,
  MEDIA_TOAST_TEXT,
  MEDIA_VALIDATION_TEXT,
  SCHEDULE_STATUS_LABEL,
  WEEKDAY_LABEL,
} from '@store-cloud/contracts';
import { textSet } from '../text-set';

const file = ['file'] as const;
const tag = ['tag'] as const;
const store = ['store'] as const;
const company = ['company'] as const;
const field = ['field'] as const;

/** Media Manager: its tabs, lists, modals and toasts, the administration tab, dayparting. */
export const mediaLabelsSet = textSet('media', 'media', MEDIA_LABELS, {
  companyHeading: ['name', 'id'],
  selectFile: file,
  previewFile: file,
  scheduleOf: file,
  sortBy: ['column'],
  uploadSummary: ['done', 'total'],
  fileExistsQuestion: file,
  liveInTag: ['tag', '[]files'],
  deleteScheduleConfirm: ['destination', 'count'],
  deleteFilesConfirm: ['count'],
  expireFilesConfirm: ['count'],
  moveFilesConfirm: ['count'],
  mediaUpdated: tag,
});
export const mediaAdminLabelsSet = textSet('media', 'admin', MEDIA_ADMIN_LABELS, {
  removeTagFolder: tag,
  removeTagFolderConfirm: ['tag', 'company', 'count'],
  edit: field,
  save: field,
  cancelEdit: field,
  tagFolderAdded: tag,
  tagFolderAddFailed: tag,
  tagFolderRemoved: tag,
  mediaFolderCreated: ['folder'],
  storeTags: store,
  tagStores: tag,
  tagChangesSaved: store,
  tagChangesFailed: store,
});
export const mediaToastTextSet = textSet('media', 'toast', MEDIA_TOAST_TEXT, {
  getMediaFailed: company,
  filesDeleted: company,
  someFilesNotDeleted: ['count', 'company'],
  deleteFailed: company,
  uploadComplete: file,
  uploadFailed: file,
});
export const scheduleStatusLabelSet = textSet('media', 'scheduleStatus', SCHEDULE_STATUS_LABEL);
export const weekdayLabelSet = textSet('media', 'weekdays', WEEKDAY_LABEL);
export const daypartTextSet = textSet('media', 'daypart', DAYPART_TEXT, {
  overlap: ['tag', 'window'],
  mixedTimeZones: ['tag', '[]zones'],
  unknownTimeZone: ['zone'],
  inZone: ['zone'],
});
/** The spec's validation texts (media §5, §8) and the rules it leaves unworded. */
export const mediaValidationTextSet = textSet('media', 'validation', MEDIA_VALIDATION_TEXT, {
  invalidFileName: file,
  invalidFileExtension: file,
  fileTooLarge: file,
  folderExists: ['name'],
  tagFolderExists: ['name'],
  maxTagFolders: ['limit'],
});
export const mediaRuleTextSet = textSet('media', 'rules', MEDIA_RULE_TEXT, {
  nameRequired: ['what'],
  nameStartsWithDot: ['what'],
  nameNotPlain: ['what'],
  nameTooLong: ['what', 'max'],
  limitRange: ['label', 'max'],
  tagLimitBelowTags: ['count'],
});
/** A store's schedule preview (Store Tags). */
export const mediaPreviewLabelsSet = textSet('media', 'preview', MEDIA_PREVIEW_LABELS, {
  files: ['count'],
  timeline: ['count'],
});

export const mediaSets = [
  mediaLabelsSet,
  mediaAdminLabelsSet,
  mediaToastTextSet,
  scheduleStatusLabelSet,
  weekdayLabelSet,
  daypartTextSet,
  mediaValidationTextSet,
  mediaRuleTextSet,
  mediaPreviewLabelsSet,
];

/** Where media's schema messages (worded in English by the contracts) come from. */
export const mediaMessageSets = [mediaValidationTextSet, mediaRuleTextSet, daypartTextSet];
