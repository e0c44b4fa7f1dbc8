import { REQUEST_PATH_TEXT } from './request-path';

/**
 * Texts of central media (spec media §5 validation, §8 error catalogue), exactly as the spec
 * words them. MEDIA_SERVER_TEXT holds the media server's own refusals, which the spec does not word.
 */

export const MEDIA_VALIDATION_TEXT = {
  invalidFileName: (file: string) => `Failed to import file: ${file}, invalid file name`,
  invalidFileExtension: (file: string) => `Failed to import file: ${file}, invalid file extension`,
  noValidFiles: 'No valid files were selected for upload',
  fileTooLarge: (file: string) =>
    `Failed to upload file: ${file} as it exceeds the maximum file size of 20Mb`,
  noFilesForSchedule: 'No Files Selected for Schedule',
  scheduleNeedsDestination: 'A Destination Tag must be provided for a schedule',
  endAfterStart: 'End Date/Time must be later than the Start Date/Time',
  noMediaFilesSelected: 'No Media Files Selected',
  updateNeedsDestination: 'A Destination Tag must be provided for Media Update',
  noFilesForDeletion: 'No files selected for deletion',
  folderExists: (name: string) => `A folder already exists of name: ${name}`,
  tagFolderExists: (name: string) => `A tag folder already exists of name: ${name}`,
  maxTagFolders: (limit: number) => `Maximum of ${limit} Tag Folders Allowed`,
  tagHasActiveSchedules:
    'One or more active schedules exists for this tag. The Tag folder cannot be deleted while there are active schedules.',
  companyNotConfigured: 'Company not yet configured for media server',
  mediaFileLimitReached: 'Media File Limit Reached or Exceeded',
  noSchedulesFound: 'No Schedules Found',
} as const;

export const MEDIA_TOAST_TEXT = {
  getMediaFailed: (company: string) => `Failed to get the media files for company: ${company}`,
  filesDeleted: (company: string) => `Media files deleted for ${company}`,
  someFilesNotDeleted: (count: number, company: string) =>
    `Failed to delete ${count} files for ${company}`,
  deleteFailed: (company: string) => `Failed to delete media files for ${company}`,
  uploadComplete: (file: string) => `File upload complete: ${file}`,
  uploadFailed: (file: string) => `File upload failed: ${file}`,
  setTargetFolderFailed: 'Failed to set target media folder',
  createMediaFolderFailed: 'Failed to create media folder for company',
  updateDatabaseFailed: 'Failed to update database for company',
  removeTagFailed: 'Failed to remove the tag from the company',
  tagRemovedFromStores: 'Removed Media Tag from each store',
  tagRemoveFromStoresFailed: 'Failed to remove media tag from stores',
  tagFolderRemovedFromServer: 'Removed Media Tag Folder from Central Media Server',
  getSchedulesFailed: 'Failed to get the schedules',
  saveScheduleFailed: 'Failed to Save Schedule',
  deleteScheduleFailed: 'Failed to delete the schedule',
  filesExpired: 'Selected Files Successfully Moved to Expired Folder',
  expireFailed: 'Failed to Move Media Files to Expired Folder',
  moveFailed: 'Failed to Move Media Files',
  updateMediaFailed: 'Failed to Update the Media Files',
  mediaFileLimitUpdated: 'Media Files Limit Successfully Updated',
  mediaFileLimitFailed: 'Failed to Update Media Files Limit',
  tagLimitUpdated: 'Tag Limit Successfully Updated',
  tagLimitFailed: 'Failed to Update Tag Limit',
} as const;

/** The media server's refusals that the spec leaves unworded. */
export const MEDIA_SERVER_TEXT = {
  contentMismatch: (file: string) =>
    `Failed to import file: ${file}, its content is not a jpg, jpeg, png or mp4 file matching its extension`,
  noFile: 'No file was uploaded in the multipart field "file"',
  noTargetFolder:
    'No target media folder: call POST /setstoretype first or pass ?dir= with the upload',
  notACompanyFolder: (name: string) =>
    `Folder name ${name} is not a company media folder (expected {CompanyName}-{companyId})`,
  noAccessToCompany: (name: string) => `No access to the media folder ${name}`,
  adminOnly: 'Only ADMIN and SUPER-ADMIN users may change media folders',
  noMediaPermission: 'The Central Media Server application is not assigned to this user',
  folderMissing: (name: string) => `The media folder ${name} does not exist`,
  folderNotEmpty: (name: string) =>
    `The media folder ${name} holds media files; only an empty company folder is removed`,
  /** The backend's answer when the media server refused a step of its call (its reason after). */
  refused: (reason: string) => `The central media server refused: ${reason}`,
  backendUnavailable: 'The backend could not verify the access token',
  fileLimitReached: (folder: string, count: number, limit: number) =>
    `${MEDIA_VALIDATION_TEXT.mediaFileLimitReached}: ${folder} holds ${count} media files (pending, active and expired) and its limit is ${limit}`,
  fileLimitUnavailable: 'The backend could not tell the media file limit of this company',
  fileExists: (file: string, where: string) =>
    `A file named ${file} already exists in ${where}; send it again with replace to replace it`,
  fileUploading: (file: string, where: string) =>
    `Another upload of ${file} to ${where} is under way; wait for it to finish`,
  notAnMp4: (file: string, why: string) =>
    `Failed to import file: ${file}, it is not a valid MP4 file (${why})`,
  notAnImage: (file: string, kind: string) =>
    `Failed to import file: ${file}, it does not decode as a ${kind} image`,
  fileMissing: (file: string, where: string) => `No file named ${file} in ${where}`,
  fileNotHandled: (file: string) => `The file ${file} could not be handled; try again`,
  malformedUrl: REQUEST_PATH_TEXT.malformed,
  malformedUpload: (why: string) => `The upload is not a well-formed multipart body: ${why}`,
  /** 507 INSUFFICIENT_STORAGE: ENOSPC or EDQUOT; whatever the call had begun is removed. */
  diskFull:
    'The media server has no space left on its disk; nothing was stored. Delete media files or ask the operator for more space',
} as const;

/** The rules of names, limits and schedule times that the spec leaves unworded. */
export const MEDIA_RULE_TEXT = {
  nameRequired: (what: string) => `Enter a ${what}`,
  nameStartsWithDot: (what: string) => `A ${what} cannot start with a dot`,
  nameNotPlain: (what: string) =>
    `A ${what} must be one plain name: no slash, backslash, '..' or control character`,
  nameTooLong: (what: string, max: number) => `A ${what} has at most ${max} characters`,
  limitRange: (label: string, max: number) => `${label} must be a whole number from 1 to ${max}`,
  tagLimitBelowTags: (tags: number) =>
    `The Tag Folder Limit cannot be below the ${tags} tag folder${tags === 1 ? '' : 's'} the company has`,
  endInPast: 'The End Date/Time must be in the future',
  startInPast: 'The Start Date/Time cannot be in the past',
} as const;
