import { Injectable } from '@nestjs/common';
import {
  type BackupDetail,
  type BackupServer,
  type BackupSummary,
  type SystemBackupData,
  systemBackupDataSchema,
  VALIDATION,
} from '@store-cloud/contracts';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { BackupCallError, BackupClient } from './backup-client';
import { BackupServersRepository } from './backup-servers.repository';
import { BackupError } from './backups.errors';
import { BackupsRepository } from './backups.repository';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
/** A stored backup is one document: MongoDB's limit is 16 MB, leave room for the rest. */
const MAX_STORED_BYTES = 15 * 1024 * 1024;

/** Backup servers and stored backups (spec §2 Server backup, §5 server rules). */
@Injectable()
export class BackupsService {
  constructor(
    private readonly servers: BackupServersRepository,
    private readonly backups: BackupsRepository,
    private readonly client: BackupClient,
  ) {}

  listServers(): Promise<BackupServer[]> {
    return this.servers.list();
  }

  async getServer(name: string): Promise<BackupServer> {
    const server = await this.servers.findByName(name);
    if (!server) throw BackupError.notFound(`Backup server ${name}`);
    return server;
  }

  async addServer(server: BackupServer): Promise<BackupServer> {
    this.checkUrl(server.url);
    if (!(await this.servers.create(server))) {
      throw BackupError.invalid(VALIDATION.serverNameInUse, 'name');
    }
    return server;
  }

  async updateServer(originalName: string, server: BackupServer): Promise<BackupServer> {
    this.checkUrl(server.url);
    const result = await this.servers.update(originalName, server);
    if (result === 'taken') throw BackupError.invalid(VALIDATION.serverNameInUse, 'name');
    if (result === 'missing') throw BackupError.notFound(`Backup server ${originalName}`);
    return server;
  }

  async deleteServer(name: string): Promise<void> {
    if (!(await this.servers.delete(name))) throw BackupError.notFound(`Backup server ${name}`);
  }

  listBackups(): Promise<BackupSummary[]> {
    return this.backups.list();
  }

  async storeBackup(b: {
    name: string;
    url: string;
    time: Date;
    backup: SystemBackupData;
  }): Promise<BackupSummary> {
    const data = await gzipAsync(Buffer.from(JSON.stringify(b.backup)));
    if (data.length > MAX_STORED_BYTES) {
      throw BackupError.invalid('The backup is too large to be stored');
    }
    return this.backups.create({ name: b.name, url: b.url, time: b.time, data });
  }

  async getBackup(id: string): Promise<BackupDetail> {
    const stored = await this.backups.get(id);
    if (!stored) throw BackupError.notFound('Backup');
    const { data, ...summary } = stored;
    return { ...summary, backup: JSON.parse((await gunzipAsync(data)).toString('utf8')) };
  }

  async getBackupData(id: string): Promise<SystemBackupData> {
    return systemBackupDataSchema.parse((await this.getBackup(id)).backup);
  }

  async deleteBackup(id: string): Promise<void> {
    if (!(await this.backups.delete(id))) throw BackupError.notFound('Backup');
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
