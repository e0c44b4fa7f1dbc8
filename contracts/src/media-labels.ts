import { COMPANY_LABELS } from './company-labels';

/**
 * Central Media screen (spec media §2, §8, §9): the tab, sub-menu, button, column and toast-title
 * words of the spec, and the labels it leaves unworded, shared by the portal and its e2e tests.
 * The spec's validation and toast messages are in media-texts.ts.
 */
export const MEDIA_LABELS = {
  // Spec words (media §2).
  managementTab: 'Central Media Management',
  administrationTab: 'Central Media Administration',
  companyId: COMPANY_LABELS.companyId,
  companyName: COMPANY_LABELS.companyName,
  backToCompanySelect: COMPANY_LABELS.backToCompanySelect,
  contactAdmin: 'Contact an admin to enable the media server.',
  pendingMedia: 'Pending Media',
  activeMedia: 'Active Media',
  expiredMedia: 'Expired Media',
  schedules: 'Schedules',
  storeTags: 'Store Tags',
  tagStores: 'Tag Stores',
  createSchedule: 'Create Schedule',
  updateMediaNow: 'Update Media Now',
  deleteSelectedFiles: 'Delete Selected Files',
  expireSelectedFiles: 'Expire Selected Files',
  moveSelectedFilesToPending: 'Move Selected Files to Pending',
  fileName: 'File Name',
  fileSize: 'File Size',
  tagFolder: 'Tag Folder',
  created: 'Created',
  startDate: 'Start Date',
  endDate: 'End Date',
  status: 'Status',
  start: 'Start',
  end: 'End',
  destination: 'Destination',
  author: 'Author',
  mediaFileLimit: 'Media File Limit',
  // Not worded by the spec.
  mediaSections: 'Central Media sections',
  searchCompanies: 'Search companies',
  noCompanies: 'No companies',
  companyHeading: (name: string, id: number) => `${name} (${id})`,
  loading: 'Loading',
  selectAll: 'Select all',
  selectFile: (file: string) => `Select ${file}`,
  previewFile: (file: string) => `Preview ${file}`,
  scheduleOf: (file: string) => `Schedule of ${file}`,
  uploadMedia: 'Upload Media',
  currentFileCount: 'Current File Count',
  noPendingMedia: 'No Pending Media',
  noActiveMedia: 'No Active Media',
  noExpiredMedia: 'No Expired Media',
  noDate: '-',
  sortBy: (column: string) => `Sort by ${column}`,
  // Modals.
  previewTitle: 'Media Preview',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  delete: 'Delete',
  uploadTitle: 'Uploading Media',
  uploadWaiting: 'Waiting',
  uploadDone: 'Uploaded',
  /** Every byte sent, the media server not yet done with it (issue 30: honest progress). */
  uploadProcessing: 'Processing',
  uploadFailed: 'Failed',
  uploadSkipped: 'Kept the existing file',
  uploadSummary: (done: number, total: number) => `${done} of ${total} files uploaded`,
  fileExistsQuestion: (file: string) =>
    `A file named ${file} already exists. Replace it? Stores showing it will show the new file.`,
  replace: 'Replace',
  /** Update Media Now onto a tag folder already holding files of those names. */
  liveInTag: (tag: string, files: readonly string[]) =>
    `Already live in ${tag}: ${files.join(', ')}. Updating replaces ${files.length === 1 ? 'it' : 'them'} for every store showing ${tag}.`,
  replaceAndUpdate: 'Replace and Update',
  keepExisting: 'Keep Existing',
  createScheduleTitle: 'Create Schedule',
  editScheduleTitle: 'Edit Schedule',
  deleteScheduleTitle: 'Delete Schedule',
  deleteSchedule: 'Delete Schedule',
  deleteScheduleConfirm: (destination: string, files: number) =>
    `Delete the schedule of ${files} file${files === 1 ? '' : 's'} to ${destination}?`,
  /** What deleting does to the files, by the schedule's status. */
  deleteScheduleConsequence: {
    READY: 'Its files stay in Pending and will not be moved.',
    ACTIVE:
      'Its files stay live in the tag folder with no end date: expire them from Active Media to take them down.',
    EXPIRED: 'Its files stay in Expired.',
  },
  scheduleFiles: 'Files',
  selectDestination: 'Select a tag',
  scheduleReadOnly: 'An expired schedule cannot be changed.',
  scheduleEndOnly: 'Only the end date of an active schedule can be changed.',
  deleteFilesTitle: 'Delete Files',
  deleteFilesConfirm: (count: number) =>
    `Delete ${count} selected file${count === 1 ? '' : 's'}? This cannot be undone.`,
  expireFilesTitle: 'Expire Files',
  expireFilesConfirm: (count: number) =>
    `Move ${count} selected file${count === 1 ? '' : 's'} to the expired folder? Stores stop showing ${count === 1 ? 'it' : 'them'}.`,
  moveFilesTitle: 'Move Files',
  moveFilesConfirm: (count: number) =>
    `Move ${count} selected file${count === 1 ? '' : 's'} back to pending? ${count === 1 ? 'It' : 'They'} can then be scheduled again.`,
  updateMediaTitle: 'Update Media Files',
  update: 'Update',
  expire: 'Expire',
  move: 'Move',
  // Toast titles (spec media §8).
  toastTitle: {
    getAllMedia: 'Get All Media Files',
    deleteSelected: 'Delete Selected Files',
    deleteMedia: 'Delete Media Files',
    importMedia: 'Import Media File(s)',
    fileUpload: 'File Upload',
    schedules: 'Schedules',
    saveSchedule: 'Save Schedule',
    deleteSchedule: 'Delete Schedule',
    expireFiles: 'Expire Files',
    moveFiles: 'Move Files',
    updateMedia: 'Update Media Files',
  },
  // Success toasts the spec does not word.
  scheduleSaved: 'Schedule Successfully Saved',
  scheduleDeleted: 'Schedule Successfully Deleted',
  filesMoved: 'Selected Files Successfully Moved to Pending',
  mediaUpdated: (tag: string) => `Media Files Successfully Updated to ${tag}`,
} as const;

/** date-fns patterns of spec media §2/§9. */
export const MEDIA_DATE_FORMAT = {
  shown: 'dd/MM/yyyy HH:mm',
  created: 'dd/MM/yyyy HH:mm:ss',
  input: "yyyy-MM-dd'T'HH:mm",
} as const;

/** The upload modal closes this long after the last file (spec media §4, §9). */
export const MEDIA_UPLOAD_CLOSE_MS = 2000;
/** The media server parameters that bound uploaded images (spec media §3). */
export const MEDIA_PARAM = { maxWidth: 'MaxWidth', maxHeight: 'MaxHeight' } as const;
