import { and, count, desc, eq, inArray, ne, sum } from 'drizzle-orm';
import { CURRENCY } from '../catalog/serialize';
import {
  EMPTY_ADDRESS,
  checkAddress,
  type AddressProblem,
  type AddressType,
} from '../checkout/address';
import type { Database } from '../db/client';
import { orderLines, orders, users } from '../db/schema';
import { RestError } from '../http/rest-error';
import type { UserRecord } from './users';

/**
 * A customer's saved addresses as WooCommerce's customer object has them: every field a string
 * (empty until saved); the billing email falls back to the account's email, as WooCommerce's
 * edit-address form does.
 */
export function customerAddresses(user: UserRecord) {
  const { email: _unused, ...shipping } = { ...EMPTY_ADDRESS, ...(user.shipping ?? {}) };
  return {
    billing: {
      ...EMPTY_ADDRESS,
      ...(user.billing ?? {}),
      email: user.billing?.email || user.email,
    },
    shipping,
  };
}

/**
 * 400 `rest_invalid_param` for one address, in the Store API checkout's shape
 * (`data.details.{type}_address` with the first problem and `additional_errors`).
 */
function addressError(type: AddressType, problems: readonly AddressProblem[]): RestError {
  const [first, ...rest] = problems as [AddressProblem, ...AddressProblem[]];
  const name = `${type}_address`;
  return new RestError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: first.message },
    details: {
      [name]: {
        code: first.code,
        message: first.message,
        data: { field: first.field },
        additional_errors: rest.map((problem) => ({
          code: problem.code,
          message: problem.message,
          data: { field: problem.field },
        })),
      },
    },
  });
}

/**
 * Checks `input` as checkout checks an address and saves it as the customer's `type` address.
 * Returns the updated user.
 *
 * @throws {RestError} 400 `rest_invalid_param` naming each problem field
 */
export async function saveCustomerAddress(
  db: Database,
  user: UserRecord,
  type: AddressType,
  input: unknown,
): Promise<UserRecord> {
  const { address, problems } = checkAddress(type, input);
  if (problems.length > 0) throw addressError(type, problems);
  const [row] = await db
    .update(users)
    .set(type === 'billing' ? { billing: address } : { shipping: address })
    .where(eq(users.id, user.id))
    .returning();
  if (row === undefined) throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
  return row;
}

/** WooCommerce's `wc_get_order_status_name`. */
const STATUS_NAMES: Readonly<Record<string, string>> = {
  'checkout-draft': 'Draft',
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** One row of the customer's order list (WooCommerce's my-account orders table). */
export type CustomerOrderSummary = typeof CURRENCY & {
  id: number;
  order_number: string;
  order_key: string;
  status: string;
  status_name: string;
  date_created_gmt: string;
  /** Items in the order (sum of line quantities). */
  item_count: number;
  /** Integer minor units, as a string (Store API style), with the currency fields beside it. */
  total: string;
};

/**
 * The customer's placed orders, newest first (drafts are not orders yet), a page at a time, and
 * how many there are in all.
 */
export async function customerOrders(
  db: Database,
  customerId: number,
  page: number,
  perPage: number,
): Promise<{ orders: CustomerOrderSummary[]; total: number }> {
  const mine = and(eq(orders.customerId, customerId), ne(orders.status, 'checkout-draft'));
  const [counted] = await db.select({ total: count() }).from(orders).where(mine);
  const rows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const quantities =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: orderLines.orderId, items: sum(orderLines.quantity) })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((order) => order.id),
            ),
          )
          .groupBy(orderLines.orderId);
  const itemCounts = new Map(quantities.map((row) => [row.orderId, Number(row.items ?? 0)]));
  return {
    total: counted?.total ?? 0,
    orders: rows.map((order) => ({
      id: order.id,
      order_number: String(order.id),
      order_key: order.orderKey,
      status: order.status,
      status_name: STATUS_NAMES[order.status] ?? order.status,
      date_created_gmt: (order.placedAt ?? order.createdAt).toISOString().replace(/\.\d{3}Z$/, ''),
      item_count: itemCounts.get(order.id) ?? 0,
      total: String(order.total),
      ...CURRENCY,
    })),
  };
}
