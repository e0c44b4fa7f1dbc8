import { MEDIA_LABELS } from './media-labels';

/**
 * Central Media Administration, Store Tags and Tag Stores (spec media §2): the spec's button
 * words and the accessible names of controls and headings it does not word, shared by the portal
 * and its end-to-end tests.
 */
export const MEDIA_ADMIN_LABELS = {
  // Spec words (media §2).
  configureForMediaServer: 'Configure for Media Server',
  addMediaTagFolder: 'Add Media Tag Folder',
  saveTagChanges: 'Save Tag Changes',
  mediaFileLimit: MEDIA_LABELS.mediaFileLimit,
  tagFolderLimit: 'Tag Folder Limit',
  // Not worded by the spec.
  tagFolders: 'Tag Folders',
  noTagFolders: 'No Tag Folders',
  removeTagFolder: (tag: string) => `Remove tag folder ${tag}`,
  removeTagFolderTitle: 'Remove Tag Folder',
  removeTagFolderConfirm: (tag: string, company: string, stores: number) =>
    `Remove the tag folder ${tag} of ${company}? It is assigned to ${stores} store${stores === 1 ? '' : 's'}.`,
  remove: 'Remove',
  cancel: 'Cancel',
  edit: (field: string) => `Edit ${field}`,
  save: (field: string) => `Save ${field}`,
  cancelEdit: (field: string) => `Cancel ${field}`,
  counts: 'Media Files',
  totalFiles: 'Total Files',
  pendingFiles: 'Pending Files',
  activeFiles: 'Active Files',
  expiredFiles: 'Expired Files',
  tagFolderCount: 'Tag Folders',
  countsUnavailable: 'The media server lists could not be read',
  newTagName: 'Tag Folder Name',
  addTag: 'Add',
  addTagTitle: 'Add Media Tag Folder',
  configureTitle: 'Configure for Media Server',
  mediaFolderName: 'Media Folder Name',
  configure: 'Configure',
  tagFolderAdded: (tag: string) => `Media tag folder ${tag} added`,
  tagFolderAddFailed: (tag: string) => `Failed to add media tag folder ${tag}`,
  tagFolderRemoved: (tag: string) => `Media tag folder ${tag} removed from the company`,
  tagFolderRemoveFromServerFailed: 'Failed to remove Media Tag Folder from Central Media Server',
  mediaFolderCreated: (folder: string) => `Media folder ${folder} created for company`,
  stores: 'Stores',
  noStores: 'No Stores',
  selectStore: 'Select a store to edit its tags',
  storeTags: (store: string) => `Tags of ${store}`,
  availableTags: 'Available Tags',
  noStoreTags: 'No tags assigned',
  noAvailableTags: 'No tags available',
  tags: 'Tags',
  noTags: 'No Tags',
  selectTag: 'Select a tag to assign stores',
  tagStores: (tag: string) => `Stores of ${tag}`,
  availableStores: 'Available Stores',
  noTagStores: 'No stores assigned',
  noAvailableStores: 'No stores available',
  tagChangesSaved: (store: string) => `Tag changes saved for ${store}`,
  tagChangesFailed: (store: string) => `Failed to save tag changes for ${store}`,
  loading: 'Loading',
  /** Toast titles (spec media §8). */
  toastTitle: {
    createMediaFolder: 'Create Media Folder',
    addMediaTagFolder: 'Add Media Tag Folder',
    removeTagFolder: 'Remove Tag Folder',
    saveTagChanges: 'Save Tag Changes',
    limits: 'Limits',
  },
} as const;
