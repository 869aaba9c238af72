/**
 * Sends the queued push messages. The queue (push_queue) is filled at commit by the
 * notifications' trigger; any app process drains it (claiming rows with SKIP LOCKED, so
 * each message goes out once) when the live channel says work waits, and once a minute
 * in case a notice was lost. A claimed row is gone: push is best effort, a process that
 * dies mid-send loses those messages (the notification itself is in the app anyway).
 *
 * Per subscription of the recipient: skipped when the category is turned off, or when
 * that device shows the item right now (its foreground report is fresh). Encrypted for
 * the device as RFC 8291 says (aes128gcm) and signed with VAPID by web-push; sent by us,
 * through the guard: https to an allowed host, never an internal address. 404 and 410
 * mean the subscription is gone: its row is deleted.
 */
import https from 'node:https';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Config } from '../../config';
import { notificationTarget, pushCategoryOf, type PushMessage } from '../../../shared/push';
import { SerialDrain } from '../../serial-drain';
import { checkEndpoint, guardedLookup } from './guard';

/** A foreground report older than this no longer holds a push back (a tab closed without saying so). */
const FOREGROUND_FRESH_SECONDS = 120;
const BATCH = 100;
const SEND_TIMEOUT_MS = 10_000;

/** Test-only knobs of the push transport (never from the environment). */
export interface PushTransport {
  /** extra CA certificates to trust (a test's local push service) */
  ca?: string | Buffer;
  /** let endpoints resolve to internal addresses (a test's push service on 127.0.0.1) */
  allowInternal?: boolean;
}

interface Row {
  notification_id: string;
  kind: string;
  params: Record<string, unknown>;
  title: string;
  message: string;
  priority: string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  foreground: string | null;
  foreground_fresh: boolean;
  muted: string[] | null;
}

export class PushSender {
  private readonly drain = new SerialDrain(
    async () => {
      while ((await this.drainBatch()) === BATCH);
    },
    (err) => this.opts.logger.warn({ err }, 'push drain failed'),
  );
  private timer?: NodeJS.Timeout;
  /**
   * Connections of this sender only, each made through the guard's lookup: a shared agent
   * could hand a request a kept-alive socket that was opened without that check.
   */
  private readonly agent: https.Agent;

  constructor(
    private readonly opts: { knex: Knex; config: Config; logger: Logger; transport?: PushTransport },
  ) {
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup(!!opts.transport?.allowInternal), ca: opts.transport?.ca });
  }

  /** Drains once a minute too (unref'd: it never keeps the process up). */
  start(): void {
    if (this.timer || !this.opts.config.push.vapid) return;
    this.timer = setInterval(() => this.kick(), 60_000);
    this.timer.unref();
  }

  /** No more drains on the timer; resolves when the one running (if any) has sent its batch. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.drain.current;
    this.agent.destroy();
  }

  /** Drains the queue; a call while a drain runs makes it run once more. Resolves when idle. */
  kick(): Promise<void> {
    if (!this.opts.config.push.vapid) return Promise.resolve();
    return this.drain.kick();
  }

  private async drainBatch(): Promise<number> {
    const { knex } = this.opts;
    const { rows } = (await knex.raw(
      `with claimed as (
         delete from push_queue where notification_id in (
           select notification_id from push_queue order by created_at limit ? for update skip locked)
         returning notification_id)
       select c.notification_id, n.kind, n.params, n.title, n.message, n.priority,
              s.id as subscription_id, s.endpoint, s.p256dh, s.auth, s.foreground,
              coalesce(s.foreground_at > now() - make_interval(secs => ?), false) as foreground_fresh,
              p.muted
         from claimed c
         left join notifications n on n.id = c.notification_id
         left join push_subscriptions s on s.user_id = n.user_id
           or s.user_id in (select m.user_id from company_members m where m.company_id = n.user_id and m.role in ('owner', 'member'))
         left join push_preferences p on p.user_id = s.user_id`,
      [BATCH, FOREGROUND_FRESH_SECONDS],
    )) as { rows: Row[] };
    await Promise.all(rows.filter((r) => r.subscription_id).map((r) => this.deliver(r)));
    return new Set(rows.map((r) => r.notification_id)).size;
  }

  private async deliver(r: Row): Promise<void> {
    if (r.muted?.includes(pushCategoryOf(r.kind))) return;
    const url = notificationTarget(r.kind, r.params);
    if (r.foreground_fresh && r.foreground === url) return;
    const message: PushMessage = { id: r.notification_id, kind: r.kind, title: r.title, body: r.message, url };
    try {
      const status = await this.send({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }, message, r.priority);
      if (status === 404 || status === 410) {
        await this.opts.knex('push_subscriptions').where({ id: r.subscription_id }).delete();
      } else if (status >= 400) {
        this.opts.logger.warn({ status, kind: r.kind }, 'push service refused a message');
      }
    } catch (err) {
      this.opts.logger.warn({ err: (err as Error).message, kind: r.kind }, 'push not sent');
    }
  }

  /** One encrypted, signed message to one subscription; answers the push service's status. */
  send(subscription: webpush.PushSubscription, message: PushMessage, priority = 'normal'): Promise<number> {
    const { config } = this.opts;
    const vapid = config.push.vapid!;
    const url = checkEndpoint(subscription.endpoint, config.push.hosts);
    const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 24 * 3600,
      urgency: priority === 'urgent' || priority === 'high' ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    });
    return new Promise((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: 'POST',
          headers: { ...details.headers, 'Content-Length': String((details.body as Buffer | null)?.length ?? 0) },
          agent: this.agent,
          timeout: SEND_TIMEOUT_MS,
          // Never follow anything: a redirect is an answer, not a new destination.
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('timeout', () => req.destroy(new Error('push service timed out')));
      req.on('error', reject);
      req.end(details.body);
    });
  }
}
