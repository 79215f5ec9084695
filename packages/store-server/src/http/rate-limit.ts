import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { userCan } from '../users/users';
import { isStoreApiPath } from './auth';
import { RestError } from './rest-error';

/** At most `limit` hits per `seconds`-long window. */
export interface RateRule {
  limit: number;
  seconds: number;
}

/**
 * The store's limits. Login and registration stop brute force and mass sign-up; the creation
 * limits stop one client from filling the database with sessions, analytics events or contacts.
 */
export interface RateLimits {
  /** Login attempts (both login routes) from one client address. */
  loginPerClient: RateRule;
  /** Login attempts for one account name, from anywhere. Cleared by a successful login. */
  loginPerAccount: RateRule;
  /** Accounts registered from one client address. */
  registerPerClient: RateRule;
  /** New shopper sessions started for one client address. */
  sessionsPerClient: RateRule;
  /** Analytics events recorded from one client address. */
  eventsPerClient: RateRule;
  /** Subscription contacts written from one client address. */
  contactsPerClient: RateRule;
  /** Password-reset emails asked for from one client address. */
  lostPasswordPerClient: RateRule;
  /** Password-reset emails asked for one account name or email, from anywhere. */
  lostPasswordPerAccount: RateRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerClient: { limit: 30, seconds: 15 * 60 },
  loginPerAccount: { limit: 10, seconds: 15 * 60 },
  registerPerClient: { limit: 10, seconds: 60 * 60 },
  sessionsPerClient: { limit: 1000, seconds: 60 * 60 },
  eventsPerClient: { limit: 2000, seconds: 60 * 60 },
  contactsPerClient: { limit: 20, seconds: 60 * 60 },
  lostPasswordPerClient: { limit: 10, seconds: 60 * 60 },
  lostPasswordPerAccount: { limit: 3, seconds: 60 * 60 },
};

/**
 * WooCommerce's Store API rate limiter (wire contract §5.7, `woocommerce_store_api_rate_limit_options`):
 * off by default; `POST` only; not for users who can `edit_posts`; keyed by user id or the md5 of
 * the client address; `proxy_support` reads the address from proxy headers.
 */
export interface StoreApiRateLimit {
  enabled: boolean;
  proxy_support: boolean;
  limit: number;
  seconds: number;
}

export const DEFAULT_STORE_API_RATE_LIMIT: StoreApiRateLimit = {
  enabled: false,
  proxy_support: false,
  limit: 25,
  seconds: 10,
};

/** What one hit found: whether it is allowed, and the window's state after it. */
export interface Verdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends. */
  resetAt: Date;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Fixed-window counters kept in the database: one atomic upsert per hit, so concurrent requests
 * and several store processes on one PostgreSQL count into the same row and cannot overshoot.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  private static key(name: string, subject: string): string {
    return `${name}:${createHash('sha256').update(subject).digest('hex')}`;
  }

  /** Counts `cost` hits of `subject` under `name` and says whether they stay within `rule`. */
  async hit(name: string, subject: string, rule: RateRule, cost = 1): Promise<Verdict> {
    const nowMs = this.now();
    if (nowMs - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = nowMs;
      await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(nowMs)));
    }
    const now = new Date(nowMs).toISOString();
    const reset = new Date(nowMs + rule.seconds * 1000).toISOString();
    const expired = sql`"rate_limits"."reset_at" <= ${now}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: RateLimiter.key(name, subject), hits: cost, resetAt: new Date(reset) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then ${cost}::integer else "rate_limits"."hits" + ${cost}::integer end`,
          resetAt: sql`case when ${expired} then ${reset}::timestamptz else "rate_limits"."reset_at" end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    const { hits, resetAt } = row!;
    return {
      allowed: hits <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - hits),
      resetAt,
      retryAfter: Math.max(1, Math.ceil((resetAt.getTime() - nowMs) / 1000)),
    };
  }

  /** Takes back one hit (a login that succeeded does not count against its client). */
  async refund(name: string, subject: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest("rate_limits"."hits" - 1, 0)` })
      .where(sql`${rateLimits.key} = ${RateLimiter.key(name, subject)}`);
  }

  /** Forgets `subject`'s window under `name` (an account's owner proved the password). */
  async clear(name: string, subject: string): Promise<void> {
    await this.db
      .delete(rateLimits)
      .where(sql`${rateLimits.key} = ${RateLimiter.key(name, subject)}`);
  }
}

/** The client a per-client limit counts: its address (Fastify's, honouring `trustProxy`). */
export function clientOf(request: FastifyRequest): string {
  return request.ip;
}

const wait = (seconds: number) =>
  `Too many attempts. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before trying again.`;

/**
 * 429 `too_many_requests`, WordPress-shaped, for a refused hit. The error handler adds
 * `Retry-After` from it.
 */
export class TooManyRequests extends RestError {
  readonly retryAfter: number;
  constructor(verdict: Verdict) {
    super('too_many_requests', wait(verdict.retryAfter), 429);
    this.retryAfter = verdict.retryAfter;
  }
}

/** The message a refused HTML form shows. */
export function tooManyRequestsText(verdict: Verdict): string {
  return wait(verdict.retryAfter);
}

/** The client address WooCommerce's limiter keys a guest by (wire contract §5.7). */
function storeApiClientAddress(request: FastifyRequest, proxySupport: boolean): string {
  const remote = request.socket.remoteAddress ?? '';
  if (!proxySupport) return remote;
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const forwarded = header('forwarded');
  const forwardedFor = forwarded
    ?.split(',')[0]
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith('for='))
    ?.slice(4)
    .replace(/^"|"$/g, '');
  return (
    header('cf-connecting-ip') ??
    header('x-real-ip') ??
    header('client-ip') ??
    header('x-forwarded-for')?.split(',')[0]?.trim() ??
    forwardedFor ??
    remote
  ).slice(0, 100);
}

/**
 * WooCommerce's Store API rate limiter, when `options.enabled`: every Store API `POST` (without
 * `X-HTTP-Method-Override`) of a user who cannot `edit_posts` counts against the user id, or the
 * md5 of the client address for a guest. Answers carry `RateLimit-Limit`, `-Remaining`, `-Reset`;
 * past the limit, `RateLimit-Retry-After` and 400 `rate_limit_exceeded`, as WooCommerce answers.
 */
export function registerStoreApiRateLimit(
  app: FastifyInstance,
  limiter: RateLimiter,
  options: StoreApiRateLimit,
): void {
  if (!options.enabled) return;
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !isStoreApiPath(request.url)) return;
    if (request.headers['x-http-method-override'] !== undefined) return;
    const user = request.auth.user;
    if (userCan(user, 'edit_posts')) return;
    const subject =
      user === undefined
        ? `ip:${createHash('md5').update(storeApiClientAddress(request, options.proxy_support)).digest('hex')}`
        : `user:${user.id}`;
    const verdict = await limiter.hit('store-api', subject, {
      limit: options.limit,
      seconds: options.seconds,
    });
    void reply
      .header('RateLimit-Limit', String(options.limit))
      .header('RateLimit-Remaining', String(verdict.remaining))
      .header('RateLimit-Reset', String(Math.ceil(verdict.resetAt.getTime() / 1000)));
    if (!verdict.allowed) {
      void reply.header('RateLimit-Retry-After', String(verdict.retryAfter));
      throw new RestError(
        'rate_limit_exceeded',
        `Too many requests. Please wait ${verdict.retryAfter} seconds before trying again.`,
        400,
      );
    }
  });
}
