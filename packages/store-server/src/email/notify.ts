/**
 * When the store sends its emails: after an order is placed (the customer's confirmation and
 * the shop's notice) and when a password reset is asked for. Mail goes out after the request's
 * work is committed and never holds up or fails the request: a delivery problem is logged.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OrderLineRecord, OrderRecord } from '../checkout/orders';
import { orderReceivedUrl, serializeOrder } from '../checkout/serialize';
import { users } from '../db/schema';
import { requestOrigin } from '../http/origin';
import type { RouteContext } from '../routes/context';
import type { UserRecord } from '../users/users';
import type { Mailer } from './mailer';
import {
  customerOrderEmail,
  newOrderEmail,
  resetPasswordEmail,
  type EmailOrder,
  type ShopIdentity,
} from './templates';

/** The store's mail settings as the routes see them. */
export interface StoreMail {
  mailer: Mailer;
  /** The new-order recipient; `undefined`: the first administrator's email. */
  shopEmail: string | undefined;
}

async function shopIdentity(context: RouteContext): Promise<ShopIdentity> {
  let email = context.mail.shopEmail;
  if (email === undefined) {
    const [admin] = await context.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'administrator'))
      .orderBy(asc(users.id))
      .limit(1);
    email = admin?.email ?? '';
  }
  return { name: context.site.name, email };
}

function report(request: FastifyRequest, error: unknown): void {
  request.log.error({ err: error }, 'cartwright: could not send email');
}

/**
 * Sends a newly placed order's emails (not for a replayed double submission): the confirmation
 * to the billing email, with the order-received link, and the notice to the shop. Returns the
 * sending, which never rejects (tests may await it; routes do not).
 */
export function sendOrderEmails(
  context: RouteContext,
  request: FastifyRequest,
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
): Promise<void> {
  const origin = requestOrigin(request, context.siteUrl);
  const summary = serializeOrder(order, lines) as unknown as EmailOrder;
  return (async () => {
    const shop = await shopIdentity(context);
    const sending: Promise<void>[] = [];
    if ((summary.billing_address.email ?? '') !== '') {
      sending.push(
        context.mail.mailer.send(
          customerOrderEmail(summary, shop, orderReceivedUrl(origin, order)),
        ),
      );
    }
    if (shop.email !== '') sending.push(context.mail.mailer.send(newOrderEmail(summary, shop)));
    await Promise.all(sending);
  })().catch((error: unknown) => report(request, error));
}

/** Sends a reset link (`/my-account/lost-password/?key=…&id=…&login=…`, WooCommerce's shape). */
export function sendResetEmail(
  context: RouteContext,
  request: FastifyRequest,
  user: UserRecord,
  key: string,
): Promise<void> {
  const origin = requestOrigin(request, context.siteUrl);
  const query = new URLSearchParams({ key, id: String(user.id), login: user.login });
  const url = `${origin}/my-account/lost-password/?${query.toString()}`;
  return (async () => {
    const shop = await shopIdentity(context);
    await context.mail.mailer.send(resetPasswordEmail(user, shop, url));
  })().catch((error: unknown) => report(request, error));
}
