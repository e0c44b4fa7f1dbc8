import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CompaniesStamp } from './companies-stamp';
import {
  IntegrationCompaniesRepository,
  type StoredIntegrationCompany,
} from './integration-companies.repository';

/** A kept copy is read again this often in the background, whatever the stamp says. */
export const CONNECTED_COMPANIES_REFRESH_MS = 30_000;

interface Kept {
  stamp: string;
  companies: readonly StoredIntegrationCompany[];
}

/**
 * This node's copy of the connected companies with their stores, for the status and Home reads
 * (issue 15: with 20,000 stores, FerretDB takes about a second to read them, on every status
 * call). The database stays the truth: the copy is used only while CompaniesStamp is the one it
 * was read with (one Redis GET), so a change on any node shows on the next read; concurrent
 * reads share one database read; and it is read again in the background every
 * CONNECTED_COMPANIES_REFRESH_MS, for a change made without the stamp (a seed run without Redis).
 * Without Redis every read goes to the database. Changes go through the repository, never here.
 */
@Injectable()
export class ConnectedCompaniesView implements OnApplicationShutdown {
  private readonly logger = new Logger(ConnectedCompaniesView.name);
  private kept?: Kept;
  private loading?: { stamp: string; promise: Promise<Kept> };
  private refresh?: NodeJS.Timeout;

  constructor(
    private readonly repository: IntegrationCompaniesRepository,
    private readonly stamp: CompaniesStamp,
  ) {}

  /** The connected companies (not removed), by company id; read only. */
  async list(): Promise<readonly StoredIntegrationCompany[]> {
    let stamp: string;
    try {
      stamp = await this.stamp.current();
    } catch {
      return this.repository.list();
    }
    if (this.kept?.stamp === stamp) return this.kept.companies;
    this.startRefresh();
    return (await this.load(stamp)).companies;
  }

  onApplicationShutdown() {
    clearInterval(this.refresh);
  }

  /** One database read per stamp, however many calls wait for it. */
  private load(stamp: string): Promise<Kept> {
    if (this.loading?.stamp === stamp) return this.loading.promise;
    const promise = this.repository.list().then((companies) => {
      const kept = { stamp, companies };
      // A newer read (a later stamp) may have finished first: keep the one asked for last.
      if (this.loading?.promise === promise) this.kept = kept;
      return kept;
    });
    this.loading = { stamp, promise };
    void promise.then(
      () => this.loading?.promise === promise && (this.loading = undefined),
      () => this.loading?.promise === promise && (this.loading = undefined),
    );
    return promise;
  }

  private startRefresh() {
    if (this.refresh) return;
    this.refresh = setInterval(() => {
      const kept = this.kept;
      if (!kept) return;
      this.load(kept.stamp).catch((error: unknown) =>
        this.logger.warn(`Could not read the connected companies again: ${String(error)}`),
      );
    }, CONNECTED_COMPANIES_REFRESH_MS);
    this.refresh.unref();
  }
}
