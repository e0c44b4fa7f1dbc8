import { Injectable } from '@nestjs/common';
import {
  type BackupDetail,
  type BackupServer,
  type BackupSummary,
  AUDIT_ACTION,
  type SystemBackupData,
  systemBackupDataSchema,
  VALIDATION,
} from '@store-cloud/contracts';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { type AuditActor, AuditService } from '../audit';
import { BackupCallError, BackupClient } from './backup-client';
import { BackupServersRepository } from './backup-servers.repository';
import { BackupError } from './backups.errors';
import { BackupsRepository } from './backups.repository';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** A stored backup is one document: MongoDB's limit is 16 MB, leave room for the rest. */
const MAX_STORED_BYTES = 15 * 1024 * 1024;

export const REDACTED = '********';
const SECRET_KEY = /password|secret/i;

const unpack = async (data: Buffer): Promise<unknown> =>
  JSON.parse((await gunzipAsync(data)).toString('utf8'));

/** A copy with the value of every password or secret field (hash or ciphertext) masked. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && (typeof v === 'string' || (v && typeof v === 'object'))
          ? REDACTED
          : redactSecrets(v),
      ]),
    );
  }
  return value;
}

/** Backup servers and stored backups (spec §2 Server backup, §5 server rules). */
@Injectable()
export class BackupsService {
  constructor(
    private readonly servers: BackupServersRepository,
    private readonly backups: BackupsRepository,
    private readonly client: BackupClient,
    private readonly audit: AuditService,
  ) {}

  listServers(): Promise<BackupServer[]> {
    return this.servers.list();
  }

  async getServer(name: string): Promise<BackupServer> {
    const server = await this.servers.findByName(name);
    if (!server) throw BackupError.notFound(`Backup server ${name}`);
    return server;
  }

  async addServer(actor: AuditActor, server: BackupServer): Promise<BackupServer> {
    this.checkUrl(server.url);
    if (!(await this.servers.create(server))) {
      throw BackupError.invalid(VALIDATION.serverNameInUse, 'name');
    }
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupServerAdd,
      targetType: 'backupServer',
      target: server.name,
      after: server,
    });
    return server;
  }

  async updateServer(
    actor: AuditActor,
    originalName: string,
    server: BackupServer,
  ): Promise<BackupServer> {
    this.checkUrl(server.url);
    const before = (await this.servers.findByName(originalName)) ?? undefined;
    const result = await this.servers.update(originalName, server);
    if (result === 'taken') throw BackupError.invalid(VALIDATION.serverNameInUse, 'name');
    if (result === 'missing') throw BackupError.notFound(`Backup server ${originalName}`);
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupServerUpdate,
      targetType: 'backupServer',
      target: server.name,
      before,
      after: server,
    });
    return server;
  }

  async deleteServer(actor: AuditActor, name: string): Promise<void> {
    const before = (await this.servers.findByName(name)) ?? undefined;
    if (!(await this.servers.delete(name))) throw BackupError.notFound(`Backup server ${name}`);
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupServerDelete,
      targetType: 'backupServer',
      target: name,
      before,
    });
  }

  listBackups(): Promise<BackupSummary[]> {
    return this.backups.list();
  }

  async storeBackup(b: {
    name: string;
    url: string;
    time: Date;
    backup: SystemBackupData;
    jobId?: string;
  }): Promise<BackupSummary> {
    const data = await gzipAsync(Buffer.from(JSON.stringify(b.backup)));
    if (data.length > MAX_STORED_BYTES) {
      throw BackupError.invalid('The backup is too large to be stored');
    }
    return this.backups.create({
      name: b.name,
      url: b.url,
      time: b.time,
      data,
      ...(b.jobId ? { jobId: b.jobId } : {}),
    });
  }

  /** The backup a job stored, if it got that far. */
  backupIdForJob(jobId: string): Promise<string | null> {
    return this.backups.idForJob(jobId);
  }

  /** For the View modal: password hashes and encrypted secrets are masked, never sent. */
  async getBackup(id: string): Promise<BackupDetail> {
    const { data, ...summary } = await this.load(id);
    return { ...summary, backup: redactSecrets(await unpack(data)) };
  }

  /** For a restore: the data as stored. */
  async getBackupData(id: string): Promise<SystemBackupData> {
    return systemBackupDataSchema.parse(await unpack((await this.load(id)).data));
  }

  private async load(id: string) {
    const stored = await this.backups.get(id);
    if (!stored) throw BackupError.notFound('Backup');
    return stored;
  }

  async deleteBackup(actor: AuditActor, id: string): Promise<void> {
    const before = (await this.listBackups()).find((b) => b._id === id);
    if (!(await this.backups.delete(id))) throw BackupError.notFound('Backup');
    await this.audit.record(actor, {
      action: AUDIT_ACTION.backupDelete,
      targetType: 'backup',
      target: id,
      before,
    });
  }

  private checkUrl(url: string) {
    try {
      this.client.checkUrl(url);
    } catch (error) {
      if (error instanceof BackupCallError) throw BackupError.invalid(error.message, 'url');
      throw error;
    }
  }
}
