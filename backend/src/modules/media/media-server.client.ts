import { Clock } from '../../common/clock/clock';
import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  ACCESS_TOKEN_HEADER,
  APP,
  errorBodySchema,
  MEDIA_API,
  type MediaFile,
  mediaListResultSchema,
  type MediaResult,
  mediaResultSchema,
  SYSTEM_USER_DOMAIN,
  type TokenPayload,
  USER_TYPE,
  UPSTREAM,
} from '@store-cloud/contracts';
import { randomBytes } from 'node:crypto';
import { hmacKey } from '../../common/auth/hmac-key';
import { parseUpstream } from '../../common/errors/upstream';
import { ConfigService } from '../../config/config.service';
import { PasswordHasher, UsersRepository } from '../users';
import { MediaError } from './media.errors';

/**
 * The backend's own principal on the media server: a system user (no known password, so nobody
 * logs in as it) with the Central Media Server application, access to all companies and the
 * ADMIN type the media server wants for creating and removing folders (the backend checks the
 * portal user's own rights before it acts). The backend signs short-lived tokens for it with its
 * JWT secret; the media server checks them with GET /portal/tokeninfo like any portal token.
 * Deleting, disabling or changing the user is repaired at the next token.
 */
export const MEDIA_SERVICE_USERNAME = `media-scheduler@${SYSTEM_USER_DOMAIN}`;
const SERVICE_USER_TYPE = USER_TYPE.ADMIN;
const TOKEN_LIFETIME_S = 300;

@Injectable()
export class MediaServerClient {
  private readonly logger = new Logger(MediaServerClient.name);
  private readonly jwt: JwtService;
  private cached?: { token: string; until: number };

  constructor(
    private readonly config: ConfigService,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {
    this.jwt = new JwtService({ secret: hmacKey(config.get('jwtSecret')) });
  }

  private get baseUrl(): string {
    return this.config.get('mediaServerUrl');
  }

  /** Creates or repairs the service user; answers its id. */
  private async ensurePrincipal(): Promise<string> {
    const wanted = {
      usertype: SERVICE_USER_TYPE,
      enabled: true,
      access: { all: true, companies: [] },
      applications: [APP.centralMediaServer],
    };
    const found = await this.users.findByUsername(MEDIA_SERVICE_USERNAME);
    if (found) {
      const ok =
        found.enabled &&
        found.usertype === SERVICE_USER_TYPE &&
        found.access.all &&
        found.applications.includes(APP.centralMediaServer);
      if (!ok) await this.users.update(found.id, wanted);
      return found.id;
    }
    try {
      const passwordHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
      return (
        await this.users.create({ username: MEDIA_SERVICE_USERNAME, passwordHash, ...wanted })
      ).id;
    } catch {
      // Another node created it at the same moment.
      const again = await this.users.findByUsername(MEDIA_SERVICE_USERNAME);
      if (!again) throw MediaError.serverUnavailable();
      return again.id;
    }
  }

  async token(): Promise<string> {
    if (this.cached && this.cached.until > this.clock.now().getTime()) return this.cached.token;
    const id = await this.ensurePrincipal();
    const payload: Omit<TokenPayload, 'exp' | 'iat'> = {
      sub: id,
      name: MEDIA_SERVICE_USERNAME,
      usertype: SERVICE_USER_TYPE,
      all: true,
      enabled: true,
      applications: [APP.centralMediaServer],
    };
    const token = await this.jwt.signAsync(payload, {
      algorithm: 'HS256',
      expiresIn: TOKEN_LIFETIME_S,
    });
    this.cached = { token, until: this.clock.now().getTime() + (TOKEN_LIFETIME_S - 60) * 1000 };
    return token;
  }

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          [ACCESS_TOKEN_HEADER]: await this.token(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      this.logger.warn(`Media server ${method} ${path}: ${String(error)}`);
      throw MediaError.serverUnavailable();
    }
    if (response.status === 401) this.cached = undefined;
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      this.logger.warn(
        `Media server ${method} ${path}: ${response.status} ${JSON.stringify(json)}`,
      );
      // A refusal in the media server's words ({code, message}) goes to the caller as it is.
      const refusal = errorBodySchema.safeParse(json);
      if (refusal.success && response.status < 500)
        throw MediaError.serverRefused(response.status, refusal.data.message);
      if (refusal.success && response.status === 507)
        throw MediaError.diskFull(refusal.data.message);
      throw MediaError.serverUnavailable();
    }
    return json;
  }

  /** The company folder (pending, tags, expired); true when this call made it. */
  async createCompanyFolder(folder: string): Promise<boolean> {
    const result = parseUpstream(
      UPSTREAM.mediaServer,
      mediaResultSchema,
      await this.call('POST', MEDIA_API.companies, { directoryname: folder }),
    );
    return result.created ?? false;
  }

  /** Removes a company folder that holds no media file (undoing createCompanyFolder). */
  async removeEmptyCompanyFolder(folder: string): Promise<void> {
    const query = new URLSearchParams({ company: folder });
    await this.call('DELETE', `${MEDIA_API.companies}?${query}`);
  }

  /** tags/{tag} of a company folder; true when this call made it. */
  async createTagFolder(folder: string, tag: string): Promise<boolean> {
    const result = parseUpstream(
      UPSTREAM.mediaServer,
      mediaResultSchema,
      await this.call('POST', MEDIA_API.tag, { companyname: folder, tagname: tag }),
    );
    return result.created ?? false;
  }

  /** Removes tags/{tag} with its files; false when it was not there. */
  async removeTagFolder(folder: string, tag: string): Promise<boolean> {
    const query = new URLSearchParams({ company: folder, tag });
    try {
      await this.call('DELETE', `${MEDIA_API.tag}?${query}`);
      return true;
    } catch (error) {
      if (error instanceof MediaError && error.notOnServer) return false;
      throw error;
    }
  }

  /**
   * Moves files between 'pending', 'expired' and 'tags/{tag}' of a company folder. A schedule's
   * files were chosen for their tag, so they replace files of the same name there (replace).
   */
  async move(folder: string, from: string, to: string, files: string[]): Promise<MediaResult> {
    return parseUpstream(
      UPSTREAM.mediaServer,
      mediaResultSchema,
      await this.call('POST', MEDIA_API.moveMediaFiles, {
        directoryname: folder,
        sourceFolder: from,
        destinationFolder: to,
        filelist: files,
        replace: true,
      }),
    );
  }

  /** The files of a tag folder; empty when the folder does not exist. */
  async tagFiles(folder: string, tag: string): Promise<MediaFile[]> {
    const query = new URLSearchParams({ dir: folder, tag });
    const list: unknown = await this.call('GET', `${MEDIA_API.mediaList}?${query}`);
    return parseUpstream(UPSTREAM.mediaServer, mediaListResultSchema, list).files;
  }

  /**
   * How many media files a company holds (pending, its tags, expired: what the media server's
   * file limit counts), from the listings; a folder that does not exist counts none.
   */
  async countFiles(folder: string, tags: readonly string[]): Promise<number> {
    const dir = new URLSearchParams({ dir: folder });
    const lists = await Promise.all([
      this.call('GET', `${MEDIA_API.pendingMediaList}?${dir}`),
      this.call('GET', `${MEDIA_API.expiredMediaList}?${dir}`),
      ...tags.map((tag) =>
        this.call('GET', `${MEDIA_API.mediaList}?${new URLSearchParams({ dir: folder, tag })}`),
      ),
    ]);
    return lists.reduce<number>(
      (n, l) => n + parseUpstream(UPSTREAM.mediaServer, mediaListResultSchema, l).files.length,
      0,
    );
  }
}
