import { systemBackupDataSchema } from '@store-cloud/contracts';

/** One collection of a backup: how many documents and indexes, and the bytes of its JSON. */
export interface CollectionSummary {
  name: string;
  documents: number;
  indexes: number;
  bytes: number;
}

export interface BackupContent {
  createdAt: string;
  collections: CollectionSummary[];
  documents: number;
  bytes: number;
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * What a backup holds, counted from its data (issue 30 point 4: a summary, not 28 KB of JSON);
 * null when the data is not in the platform's backup format (an old or foreign one).
 */
export function summarizeBackup(data: unknown): BackupContent | null {
  const parsed = systemBackupDataSchema.safeParse(data);
  if (!parsed.success) return null;
  const collections = Object.entries(parsed.data.collections)
    .map(([name, c]) => ({
      name,
      documents: c.documents.length,
      indexes: c.indexes.length,
      bytes: bytesOf(c),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    createdAt: parsed.data.createdAt,
    collections,
    documents: collections.reduce((n, c) => n + c.documents, 0),
    bytes: bytesOf(data),
  };
}
