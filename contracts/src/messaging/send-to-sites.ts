import { SITE_ERROR_CODE } from '../schemas/site.schema';
import { MESSAGE_TYPE, OPERATION, SEND_STATE, type SendState, type SiteMessage } from './messaging';

/** A site the message goes to (spec §3 Target site). */
export interface TargetSite {
  companyId: number;
  companyName: string;
  storeId: number;
  storeName: string;
}

/**
 * How the send loop reaches a site. The portal implements it with its API client; the integration
 * tests with plain HTTP against a real backend, so both run the same loop.
 */
export interface SiteMessageTransport {
  /** The keys `company-store` of the stores in the online ping list (fetched once per send). */
  onlineSites(): Promise<ReadonlySet<string>>;
  /** siteconnect then sitelogin; throws when either fails. */
  connect(site: TargetSite): Promise<void>;
  /**
   * Delivers the message to the connected site; throws when the site does not accept it.
   * Answers the relay's reply body (a held call's is relayQueuedSchema).
   */
  deliver(site: TargetSite, message: SiteMessage): Promise<unknown>;
  /** closesiteconnection; never throws. */
  close(site: TargetSite): Promise<void>;
}

/** Which relayed call carries a message (decision: the spec names the calls, not the mapping). */
export type MessageDelivery = 'broadcastMessage' | 'logLevel' | 'messageHistory';
export function messageDelivery(message: SiteMessage): MessageDelivery {
  if (message.type !== MESSAGE_TYPE.command) return 'broadcastMessage';
  if (message.payload.content === OPERATION.switchLoggingLevel) return 'logLevel';
  if (message.payload.content === OPERATION.messageHistory) return 'messageHistory';
  return 'broadcastMessage';
}

/**
 * Whether a failed deliver is a send the store did not acknowledge in time (the relay's 504
 * OUTCOME_UNKNOWN): the store may have taken it, so it is neither sent nor failed.
 */
export const isOutcomeUnknown = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === SITE_ERROR_CODE.outcomeUnknown;

export const siteKey = (site: { companyId: number; storeId: number }) =>
  `${site.companyId}-${site.storeId}`;

/**
 * The send view's loop (spec §4): one site at a time; a site not in the online ping list is
 * 'Message not sent to site'; otherwise Connecting, Connected, Sending, then Sent Successfully or
 * an error; the connection is closed after each site, also after a failure, before the next.
 * A send the store did not acknowledge in time is 'Outcome unknown' (ours, issue 24).
 */
export async function sendMessageToSites(
  sites: readonly TargetSite[],
  message: SiteMessage,
  transport: SiteMessageTransport,
  onState: (site: TargetSite, state: SendState) => void,
): Promise<Map<string, SendState>> {
  const results = new Map<string, SendState>();
  const report = (site: TargetSite, state: SendState) => {
    results.set(siteKey(site), state);
    onState(site, state);
  };
  const online = await transport.onlineSites().catch(() => new Set<string>());
  for (const site of sites) {
    if (!online.has(siteKey(site))) {
      report(site, SEND_STATE.offline);
      continue;
    }
    report(site, SEND_STATE.connecting);
    try {
      await transport.connect(site);
    } catch {
      report(site, SEND_STATE.connectFailed);
      await transport.close(site);
      continue;
    }
    report(site, SEND_STATE.connected);
    report(site, SEND_STATE.sending);
    try {
      await transport.deliver(site, message);
      report(site, SEND_STATE.sent);
    } catch (error) {
      report(site, isOutcomeUnknown(error) ? SEND_STATE.outcomeUnknown : SEND_STATE.sendFailed);
    }
    await transport.close(site);
  }
  return results;
}
