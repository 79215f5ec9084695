/**
 * Orders: the session's draft order, placing it from the cart (stock decremented, cart emptied,
 * all in the transaction that holds the session's lock), and reading an order by its key.
 */
import { shippingLines } from '../cart/shipping';
import { checkoutShipping } from './shipping';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Cart } from '../cart/cart';
import { escapeHtml } from '../cart/cart';
import type { CartEditor, CartStore } from '../cart/repository';
import { CURRENCY } from '../catalog/serialize';
import type { Database } from '../db/client';
import { orderLines, orders, products, type OrderAddress } from '../db/schema';
import { orderLineVariation } from '../catalog/variations';
import { checkCouponCorrections, recordOrderCoupons } from './coupons';
import { RestError } from '../http/rest-error';

/** An order row. */
export type OrderRecord = typeof orders.$inferSelect;
/** An order line row. */
export type OrderLineRecord = typeof orderLines.$inferSelect;

/** The offline payment methods this store offers, with the status a placed order gets. */
export const PAYMENT_METHODS = {
  cheque: { title: 'Check payments', status: 'on-hold' },
  cod: { title: 'Cash on delivery', status: 'processing' },
} as const;

export type PaymentMethodId = keyof typeof PAYMENT_METHODS;

export function isPaymentMethod(value: string): value is PaymentMethodId {
  return Object.hasOwn(PAYMENT_METHODS, value);
}

/** WooCommerce's order key: `wc_order_` and 13 random letters and digits. */
export function newOrderKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(13);
  let key = 'wc_order_';
  for (const byte of bytes) key += alphabet[byte % alphabet.length];
  return key;
}

/** What a checkout submits, already validated. */
export interface CheckoutInput {
  billing: OrderAddress;
  shipping: OrderAddress;
  paymentMethod: PaymentMethodId;
  customerNote: string;
  extensions: Record<string, unknown>;
  attribution: Record<string, string> | null;
  createdVia: 'store-api' | 'checkout';
  customerId: number;
  /** `expected_total` in cents, when the client sent one. */
  expectedTotal?: number | undefined;
}

/** The result of placing: the order, and whether an identical earlier request had placed it. */
export interface PlacedOrder {
  order: OrderRecord;
  lines: OrderLineRecord[];
  replayed: boolean;
}

/** 400 `woocommerce_rest_cart_empty`: nothing to order. */
export function emptyCart(): RestError {
  return new RestError('woocommerce_rest_cart_empty', 'Cannot create order from empty cart.', 400);
}

/** A fingerprint of a checkout request: equal requests (a double submission) hash equally. */
export function fingerprint(input: CheckoutInput): string {
  const { billing, shipping, paymentMethod, customerNote, extensions, attribution } = input;
  return createHash('sha256')
    .update(
      JSON.stringify([billing, shipping, paymentMethod, customerNote, extensions, attribution]),
    )
    .digest('hex');
}

async function findDraft(tx: Database, sessionKey: string): Promise<OrderRecord | undefined> {
  const [draft] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.sessionKey, sessionKey), eq(orders.status, 'checkout-draft')))
    .for('update');
  return draft;
}

/** The session's draft order, created if it has none, with its totals taken from the cart. */
async function syncDraft(
  editor: CartEditor,
  sessionKey: string,
  customerId: number,
  createdVia: string,
): Promise<OrderRecord> {
  const { tx, cart } = editor;
  const totals = { totalItems: cart.totals.totalItems, total: cart.totalPrice, customerId };
  const draft = await findDraft(tx, sessionKey);
  if (draft === undefined) {
    const [created] = await tx
      .insert(orders)
      .values({
        orderKey: newOrderKey(),
        sessionKey,
        createdVia,
        currency: CURRENCY.currency_code,
        ...totals,
      })
      .returning();
    return created!;
  }
  if (
    draft.totalItems === totals.totalItems &&
    draft.total === totals.total &&
    draft.customerId === customerId
  ) {
    return draft;
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...totals, modifiedAt: new Date() })
    .where(eq(orders.id, draft.id))
    .returning();
  return updated!;
}

async function linesOf(db: Database, orderId: number): Promise<OrderLineRecord[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

/**
 * Takes the cart's units out of stock, guarded in SQL so two checkouts can never sell the same
 * last unit (the row update locks the product; the guard is re-checked after the lock).
 *
 * @throws {RestError} 400 `woocommerce_rest_product_out_of_stock` / `…_partially_out_of_stock`
 */
async function decrementStock(tx: Database, cart: Cart): Promise<void> {
  for (const line of cart.lines) {
    const updated = await tx
      .update(products)
      .set({
        stockQuantity: sql`CASE WHEN ${products.stockQuantity} IS NULL THEN NULL ELSE ${products.stockQuantity} - ${line.quantity} END`,
        stockStatus: sql`CASE WHEN ${products.stockQuantity} IS NOT NULL AND ${products.stockStatus} <> 'onbackorder' AND ${products.stockQuantity} - ${line.quantity} <= 0 THEN 'outofstock' ELSE ${products.stockStatus} END`,
        totalSales: sql`${products.totalSales} + ${line.quantity}`,
      })
      .where(
        and(
          eq(products.id, line.productId),
          sql`${products.stockStatus} <> 'outofstock'`,
          sql`(${products.stockQuantity} IS NULL OR ${products.stockStatus} = 'onbackorder' OR ${products.stockQuantity} >= ${line.quantity})`,
        ),
      )
      .returning({ id: products.id });
    if (updated.length === 0) {
      const [now] = await tx
        .select({ stock: products.stockQuantity, status: products.stockStatus })
        .from(products)
        .where(eq(products.id, line.productId));
      const name = escapeHtml(line.product.name);
      if (now === undefined || now.status === 'outofstock' || (now.stock ?? 0) <= 0) {
        throw new RestError(
          'woocommerce_rest_product_out_of_stock',
          `&quot;${name}&quot; is out of stock and cannot be purchased.`,
          400,
        );
      }
      throw new RestError(
        'woocommerce_rest_product_partially_out_of_stock',
        `There is not enough &quot;${name}&quot; in stock (${now.stock} remaining).`,
        400,
      );
    }
  }
}

/**
 * A cart that had to be corrected as it was loaded (stock fell under it, a product went away)
 * is not ordered as corrected: the shopper is told and sees the cart as it now is. (The
 * correction is rolled back with the refusal and made again on the next read.)
 *
 * @throws {RestError} 400 `woocommerce_rest_product_partially_out_of_stock` or
 *   `woocommerce_rest_cart_invalid_product`
 */
function checkCorrections(editor: CartEditor): void {
  const [clamped] = editor.corrections.clamp;
  if (clamped !== undefined) {
    const line = editor.cart.lines.find((entry) => entry.itemKey === clamped.itemKey);
    const name = escapeHtml(line?.product.name ?? '');
    throw new RestError(
      'woocommerce_rest_product_partially_out_of_stock',
      `There is not enough &quot;${name}&quot; in stock (${line?.product.stockQuantity ?? 0} remaining).`,
      400,
    );
  }
  if (editor.corrections.remove.length > 0) {
    throw new RestError(
      'woocommerce_rest_cart_invalid_product',
      'An item in your cart is no longer available. Please review your cart.',
      400,
    );
  }
}

/** Whether `key` is the order's key (compared in constant time). */
export function keyMatches(order: OrderRecord, key: string): boolean {
  const expected = Buffer.from(order.orderKey);
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Orders of the store. */
export interface OrderStore {
  /** The session's draft order (created if missing, totals from its cart). */
  draft(sessionKey: string, customerId: number): Promise<OrderRecord>;
  /**
   * Places the session's draft order from its cart, in one transaction holding the session's
   * lock: lines copied, stock decremented, the cart emptied. A request identical to the one
   * that placed the session's latest order, arriving after it emptied the cart (a double
   * submission), answers that order again (`replayed`).
   *
   * @throws {RestError} `woocommerce_rest_cart_empty`, stock errors, or what `onMismatch` makes
   */
  place(
    sessionKey: string,
    input: CheckoutInput,
    onMismatch: (cart: Cart) => RestError,
  ): Promise<PlacedOrder>;
  /** A placed order by id (never a draft), with its lines. */
  read(id: number): Promise<{ order: OrderRecord; lines: OrderLineRecord[] } | undefined>;
  /** An order by id, only when `key` is its order key (compared in constant time). */
  readWithKey(
    id: number,
    key: string,
  ): Promise<{ order: OrderRecord; lines: OrderLineRecord[] } | undefined>;
}

export function createOrderStore(db: Database, carts: CartStore): OrderStore {
  return {
    async draft(sessionKey, customerId) {
      const { result } = await carts.change(sessionKey, (editor) =>
        syncDraft(editor, sessionKey, customerId, 'store-api'),
      );
      return result;
    },

    async place(sessionKey, input, onMismatch) {
      const hash = fingerprint(input);
      const { result } = await carts.change(sessionKey, async (editor): Promise<PlacedOrder> => {
        const { tx } = editor;
        let { cart } = editor;
        if (cart.lines.length === 0) {
          const [latest] = await tx
            .select()
            .from(orders)
            .where(
              and(eq(orders.sessionKey, sessionKey), sql`${orders.status} <> 'checkout-draft'`),
            )
            .orderBy(desc(orders.id))
            .limit(1);
          if (latest !== undefined && latest.requestHash === hash) {
            return { order: latest, lines: await linesOf(tx, latest.id), replayed: true };
          }
          throw emptyCart();
        }
        cart = await checkoutShipping(editor, input.billing, input.shipping);
        if (input.expectedTotal !== undefined && input.expectedTotal !== cart.totalPrice) {
          throw onMismatch(cart);
        }
        checkCorrections(editor);
        checkCouponCorrections(editor.corrections, cart);
        const draft = await syncDraft(editor, sessionKey, input.customerId, input.createdVia);
        await decrementStock(tx, cart);
        await tx.delete(orderLines).where(eq(orderLines.orderId, draft.id));
        await tx.insert(orderLines).values(
          cart.lines.map((line) => ({
            orderId: draft.id,
            productId: line.productId,
            name: line.product.name,
            sku: line.product.sku,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            lineTotal: line.lineTotal,
            ...orderLineVariation(line.product),
            discount: line.discount,
            subtotalTax: cart.totals.lineTaxes?.[line.itemKey]?.subtotalTax ?? 0,
            totalTax: cart.totals.lineTaxes?.[line.itemKey]?.totalTax ?? 0,
          })),
        );
        await recordOrderCoupons(tx, draft.id, cart);
        const method = PAYMENT_METHODS[input.paymentMethod];
        const now = new Date();
        const [order] = await tx
          .update(orders)
          .set({
            status: method.status,
            createdVia: input.createdVia,
            customerId: input.customerId,
            paymentMethod: input.paymentMethod,
            paymentMethodTitle: method.title,
            billing: input.billing,
            shipping: input.shipping,
            customerNote: input.customerNote,
            totalItems: cart.totals.totalItems,
            totalShipping: cart.totals.totalShipping ?? 0,
            shippingLines: shippingLines(cart.shipping.packages),
            totalTax: cart.totals.totalTax,
            itemsTax: cart.totals.totalItemsTax,
            discountTax: cart.totals.totalDiscountTax,
            shippingTax: cart.totals.totalShippingTax ?? 0,
            taxLines: cart.totals.taxLines,
            pricesIncludeTax: cart.totals.taxDisplay?.pricesIncludeTax ?? false,
            total: cart.totalPrice,
            totalDiscount: cart.totals.totalDiscount,
            extensions: input.extensions,
            attribution: input.attribution,
            requestHash: hash,
            placedAt: now,
            modifiedAt: now,
          })
          .where(eq(orders.id, draft.id))
          .returning();
        await editor.clear();
        return { order: order!, lines: await linesOf(tx, draft.id), replayed: false };
      });
      return result;
    },

    async read(id) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (order === undefined || order.status === 'checkout-draft') return undefined;
      return { order, lines: await linesOf(db, order.id) };
    },

    async readWithKey(id, key) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (order === undefined || order.status === 'checkout-draft') return undefined;
      if (!keyMatches(order, key)) return undefined;
      return { order, lines: await linesOf(db, order.id) };
    },
  };
}
