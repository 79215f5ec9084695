/**
 * Carts in the database. Every change runs in one transaction that first locks the session's row
 * (`SELECT … FOR UPDATE`), so concurrent requests of one session apply one after another against
 * the latest cart: no quantity is lost or counted twice, and a stock check cannot be raced past.
 * (PGlite runs one transaction at a time anyway; PostgreSQL needs the lock.)
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { findProduct, withRelations, type ProductRecord } from '../catalog/repository';
import type { Database } from '../db/client';
import { resolveVariation, type PostedAttribute } from '../catalog/variations';
import { cartCoupons, cartItems, coupons, products, sessions } from '../db/schema';
import {
  checkApply,
  couponError,
  couponProblem,
  normalizeCode,
  type CouponRecord,
} from './coupons';
import {
  buildCart,
  checkAdd,
  checkQuantity,
  invalidProduct,
  type Cart,
  type CartFixes,
  type StoredCoupon,
  type StoredLine,
} from './cart';
import { priceCart, type CustomerAddresses, type PricingContext } from './shipping';
import { loadPricingContext, saveChosenRates, saveCustomer } from './shipping-store';

interface CartState {
  stored: StoredLine[];
  products: Map<number, ProductRecord>;
  coupons: StoredCoupon[];
}

/** A coupon by its code (any case), or `undefined`. */
export async function findCoupon(db: Database, code: string): Promise<CouponRecord | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCode(code)));
  return row;
}

/** The codes applied to a session's cart, in order, each with its coupon as it is now. */
async function readCoupons(db: Database, sessionKey: string): Promise<StoredCoupon[]> {
  const rows = await db
    .select({ code: cartCoupons.code, coupon: coupons })
    .from(cartCoupons)
    .leftJoin(coupons, eq(coupons.code, cartCoupons.code))
    .where(eq(cartCoupons.sessionKey, sessionKey))
    .orderBy(asc(cartCoupons.position));
  return rows.map((row) => ({ code: row.code, coupon: row.coupon ?? undefined }));
}

async function readState(db: Database, sessionKey: string): Promise<CartState> {
  const stored: StoredLine[] = await db
    .select({
      itemKey: cartItems.itemKey,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(eq(cartItems.sessionKey, sessionKey))
    .orderBy(asc(cartItems.position));
  const byId = new Map<number, ProductRecord>();
  if (stored.length > 0) {
    const rows = await db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          stored.map((line) => line.productId),
        ),
      );
    for (const record of await withRelations(db, rows)) byId.set(record.id, record);
  }
  return { stored, products: byId, coupons: await readCoupons(db, sessionKey) };
}

async function readCart(
  db: Database,
  sessionKey: string,
): Promise<{ cart: Cart; fixes: CartFixes }> {
  const state = await readState(db, sessionKey);
  const built = buildCart(state.stored, state.products, state.coupons);
  return { ...built, cart: priceCart(built.cart, await loadPricingContext(db, sessionKey)) };
}

async function applyFixes(db: Database, sessionKey: string, fixes: CartFixes): Promise<boolean> {
  if (fixes.remove.length > 0) {
    await db
      .delete(cartItems)
      .where(and(eq(cartItems.sessionKey, sessionKey), inArray(cartItems.itemKey, fixes.remove)));
  }
  for (const line of fixes.clamp) {
    await db
      .update(cartItems)
      .set({ quantity: line.quantity })
      .where(and(eq(cartItems.sessionKey, sessionKey), eq(cartItems.itemKey, line.itemKey)));
  }
  const dropped = fixes.removeCoupons ?? [];
  if (dropped.length > 0) {
    await db
      .delete(cartCoupons)
      .where(and(eq(cartCoupons.sessionKey, sessionKey), inArray(cartCoupons.code, dropped)));
  }
  return fixes.remove.length > 0 || fixes.clamp.length > 0 || dropped.length > 0;
}

const needsFixing = (fixes: CartFixes) =>
  fixes.remove.length > 0 || fixes.clamp.length > 0 || (fixes.removeCoupons ?? []).length > 0;

/** The operations a cart change can make, on the locked cart. */
export interface CartEditor {
  /** The cart as it is now (after earlier edits in this change). */
  readonly cart: Cart;
  /**
   * Adds `quantity` of a published product (a new line, or more on its line) and returns the line's
   * key. @throws {RestError} 400 with WooCommerce's Store API code when the add is refused.
   */
  add(productId: number, quantity: number, variation?: readonly PostedAttribute[]): Promise<string>;
  /** Removes a line; `false` when the cart has no line with that key. */
  remove(itemKey: string): Promise<boolean>;
  /**
   * Sets a line's quantity; `false` when the cart has no line with that key.
   * @throws {RestError} 400 `invalid_quantity` outside the line's limits
   */
  setQuantity(itemKey: string, quantity: number): Promise<boolean>;
  /**
   * Applies a coupon by its code (any case).
   * @throws {RestError} 400 `woocommerce_rest_cart_coupon_error` when WooCommerce would refuse it
   */
  applyCoupon(code: string): Promise<void>;
  /** Removes an applied coupon; `false` when the cart has no coupon with that code. */
  removeCoupon(code: string): Promise<boolean>;
  /**
   * What loading the cart in this change had to correct (lines gone, quantities lowered to the
   * stock), before any edit.
   */
  readonly corrections: CartFixes;
  /** Empties the cart (an order was placed from it). */
  clear(): Promise<void>;
  /** Stores the shopper's addresses (Store API `update-customer`); rates follow the new address. */
  setCustomer(customer: CustomerAddresses): Promise<void>;
  /**
   * Chooses a package's shipping rate. An id the package does not offer is stored all the same
   * and ignored while it is not offered (the first rate is used), as WooCommerce does.
   */
  chooseRate(packageId: number, rateId: string): Promise<void>;
  /** The transaction the change runs in (holding the session's lock), for work done alongside. */
  readonly tx: Database;
}

/** Carts, keyed by shopper session. */
export interface CartStore {
  /**
   * The session's cart, read without locking. If stock or the catalogue changed under it
   * (a product gone, a quantity above stock), the corrected cart is written back first.
   */
  read(sessionKey: string): Promise<Cart>;
  /**
   * Runs `change` on the session's cart inside one transaction holding the session's lock, and
   * returns its result with the cart as it is afterwards. A thrown error rolls everything back.
   */
  change<T>(
    sessionKey: string,
    change: (editor: CartEditor) => Promise<T>,
  ): Promise<{ result: T; cart: Cart }>;
}

export function createCartStore(db: Database, sessionExpiry: () => Date): CartStore {
  async function change<T>(
    sessionKey: string,
    edit: (editor: CartEditor) => Promise<T>,
  ): Promise<{ result: T; cart: Cart }> {
    return db.transaction(async (tx) => {
      // Lock the session row; create it if it was swept meanwhile (its cart went with it).
      let [locked] = await tx
        .select({ key: sessions.key })
        .from(sessions)
        .where(eq(sessions.key, sessionKey))
        .for('update');
      if (locked === undefined) {
        await tx
          .insert(sessions)
          .values({ key: sessionKey, expiresAt: sessionExpiry() })
          .onConflictDoNothing();
        [locked] = await tx
          .select({ key: sessions.key })
          .from(sessions)
          .where(eq(sessions.key, sessionKey))
          .for('update');
      }
      // The cart is read once; each edit writes its row and updates this copy in step.
      const state = await readState(tx, sessionKey);
      let { cart, fixes } = buildCart(state.stored, state.products, state.coupons);
      await applyFixes(tx, sessionKey, fixes);
      const corrections = fixes;
      const dropped = new Set(fixes.removeCoupons);
      state.coupons = state.coupons.filter((entry) => !dropped.has(entry.code));
      // Errors found on loading (a coupon dropped) stay on the answer to this change.
      const loadErrors = cart.errors.filter((error) => error.code.includes('coupon'));
      let pricing: PricingContext = await loadPricingContext(tx, sessionKey);
      const rebuild = (stored: StoredLine[]) => {
        state.stored = stored;
        ({ cart, fixes } = buildCart(stored, state.products, state.coupons));
        cart = priceCart(cart, pricing);
        cart.errors.push(...loadErrors);
      };
      rebuild(
        cart.lines.map(({ itemKey, productId, quantity }) => ({ itemKey, productId, quantity })),
      );
      const lineOf = (itemKey: string) => cart.lines.find((line) => line.itemKey === itemKey);
      const where = (itemKey: string) =>
        and(eq(cartItems.sessionKey, sessionKey), eq(cartItems.itemKey, itemKey));

      const editor: CartEditor = {
        get cart() {
          return cart;
        },
        tx,
        corrections,
        async clear() {
          await tx.delete(cartItems).where(eq(cartItems.sessionKey, sessionKey));
          await tx.delete(cartCoupons).where(eq(cartCoupons.sessionKey, sessionKey));
          state.coupons = [];
          rebuild([]);
        },
        async applyCoupon(raw) {
          const code = normalizeCode(raw);
          const coupon = await findCoupon(tx, code);
          const applied = state.coupons.flatMap((entry) => entry.coupon ?? []);
          const keep = checkApply(code, coupon, applied, cart.totalItems, Date.now());
          const removed = state.coupons.filter((entry) => !keep.includes(entry.code));
          if (removed.length > 0) {
            await tx.delete(cartCoupons).where(
              and(
                eq(cartCoupons.sessionKey, sessionKey),
                inArray(
                  cartCoupons.code,
                  removed.map((entry) => entry.code),
                ),
              ),
            );
          }
          await tx.insert(cartCoupons).values({ sessionKey, code });
          state.coupons = [
            ...state.coupons.filter((entry) => keep.includes(entry.code)),
            { code, coupon },
          ];
          rebuild(state.stored);
        },
        async removeCoupon(raw) {
          const code = normalizeCode(raw);
          // WooCommerce checks the coupon is valid for the cart before looking for it there.
          const coupon = await findCoupon(tx, code);
          if (couponProblem(code, coupon, cart.totalItems, Date.now()) !== null) {
            throw couponError('Invalid coupon code.');
          }
          if (!state.coupons.some((entry) => entry.code === code)) return false;
          await tx
            .delete(cartCoupons)
            .where(and(eq(cartCoupons.sessionKey, sessionKey), eq(cartCoupons.code, code)));
          state.coupons = state.coupons.filter((entry) => entry.code !== code);
          rebuild(state.stored);
          return true;
        },
        async setCustomer(customer) {
          await saveCustomer(tx, sessionKey, customer);
          pricing = { ...pricing, customer };
          rebuild(state.stored);
        },
        async chooseRate(packageId, rateId) {
          const chosenRates = { ...pricing.chosenRates, [String(packageId)]: rateId };
          await saveChosenRates(tx, sessionKey, chosenRates);
          pricing = { ...pricing, chosenRates };
          rebuild(state.stored);
        },
        async add(requestedId, quantity, variation = []) {
          // A product already in the cart was just read in this transaction: no need to again.
          const load = async (id: number) =>
            state.products.get(id) ?? (await findProduct(tx, { id }));
          const requested = await load(requestedId);
          if (requested === undefined) throw invalidProduct(requestedId);
          if (requested.status !== 'publish') throw invalidProduct();
          // A variable product is bought as the variation chosen (catalog/variations.ts).
          const { product, itemKey } = await resolveVariation(requested, variation, load);
          const productId = product.id;
          if (product.status !== 'publish') throw invalidProduct();
          const existing = lineOf(itemKey);
          const next = checkAdd(product, quantity, existing?.quantity ?? 0);
          state.products.set(productId, product);
          if (existing === undefined) {
            await tx.insert(cartItems).values({ sessionKey, itemKey, productId, quantity: next });
            rebuild([...state.stored, { itemKey, productId, quantity: next }]);
          } else {
            await tx.update(cartItems).set({ quantity: next }).where(where(itemKey));
            rebuild(
              state.stored.map((line) =>
                line.itemKey === itemKey ? { ...line, quantity: next } : line,
              ),
            );
          }
          return itemKey;
        },
        async remove(itemKey) {
          if (lineOf(itemKey) === undefined) return false;
          await tx.delete(cartItems).where(where(itemKey));
          rebuild(state.stored.filter((line) => line.itemKey !== itemKey));
          return true;
        },
        async setQuantity(itemKey, quantity) {
          const line = lineOf(itemKey);
          if (line === undefined) return false;
          checkQuantity(line.product, quantity);
          await tx.update(cartItems).set({ quantity }).where(where(itemKey));
          rebuild(
            state.stored.map((stored) =>
              stored.itemKey === itemKey ? { ...stored, quantity } : stored,
            ),
          );
          return true;
        },
      };
      const result = await edit(editor);
      // An edit can leave a coupon invalid (the spend fell under its minimum): drop it too.
      const invalid = fixes.removeCoupons ?? [];
      if (invalid.length > 0) {
        await applyFixes(tx, sessionKey, { remove: [], clamp: [], removeCoupons: invalid });
      }
      return { result, cart };
    });
  }

  return {
    async read(sessionKey) {
      const { cart, fixes } = await readCart(db, sessionKey);
      if (!needsFixing(fixes)) return cart;
      return (await change(sessionKey, () => Promise.resolve(undefined))).cart;
    },
    change,
  };
}

/**
 * Moves a guest's cart into a user's on login, WooCommerce-style: the user's saved cart is kept
 * and the guest's lines are merged into it, a line of the same product taking the guest's
 * quantity. Runs inside the caller's transaction.
 */
export async function mergeGuestCart(
  tx: Database,
  guestKey: string,
  userKey: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${cartItems} (session_key, item_key, product_id, quantity)
    select ${userKey}, item_key, product_id, quantity from ${cartItems}
    where session_key = ${guestKey}
    order by position
    on conflict (session_key, item_key) do update set quantity = excluded.quantity`);
}
