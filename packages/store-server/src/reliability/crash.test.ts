/**
 * Crash safety: the store runs as its own process (the `cartwright-store` CLI) and is SIGKILLed
 * during cart load and during checkouts, at several points, then started again on the same data.
 * Whatever the store acknowledged must still be there, nothing may exist twice, and stock must add
 * up. On PGlite on disk always, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * `RELIABILITY_SOAK=1` (npm run test:soak) runs more sessions and more kill rounds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { cartItems, orderLines, orders, products } from '../db/schema';
import { openStore } from '../store';
import { startChildStore, HttpShopper, type ChildData, type ChildStore } from '../test/child-store';
import { drivers } from '../test/drivers';

const SOAK = process.env.RELIABILITY_SOAK === '1';
const SHOPPERS = SOAK ? 12 : 6;
const LOAD_ACKS = SOAK ? 200 : 24;
const CHECKOUT_ROUNDS = SOAK ? 4 : 2;
/** Units of the scarce product: fewer than the shoppers who want one. */
const SCARCE_STOCK = SHOPPERS - 2;
const PLENTY_STOCK = 1000;

const BILLING = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address_1: '1428 Elm Street',
  city: 'Springfield',
  state: 'IL',
  postcode: '62704',
  country: 'US',
  email: 'grace@example.com',
};
const CHECKOUT = { billing_address: BILLING, shipping_address: BILLING, payment_method: 'cod' };

interface CartBody {
  items: { id: number; quantity: number }[];
}
interface OrderBody {
  order_id?: number;
  order_key?: string;
  status?: string;
  code?: string;
}

/** The session a Cart-Token names (its `user_id` claim). */
function sessionOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    user_id: string;
  };
  return claims.user_id;
}

interface ShopperState {
  shopper: HttpShopper;
  /** Units of the load product the store acknowledged (201) in this cart. */
  acked: number;
  /** Adds sent but never answered (the store died first): each may or may not have landed. */
  unanswered: number;
  /** The order the store acknowledged for this shopper's checkout, if any. */
  order?: { id: number; key: string };
  /** A checkout was sent and never answered. */
  checkoutUnanswered: boolean;
}

describe.each(drivers)('SIGKILL and restart on $name', (driver) => {
  test(
    'no acknowledged cart change or order is lost or duplicated, and stock adds up',
    { timeout: SOAK ? 600_000 : 180_000 },
    async () => {
      let data: ChildData;
      let dispose: () => Promise<void>;
      if (driver.name === 'postgres') {
        const database = await driver.freshDatabaseUrl!();
        data = { databaseUrl: database.url };
        dispose = database.drop;
      } else {
        const dir = await mkdtemp(path.join(tmpdir(), 'cw-crash-'));
        data = { dataDir: dir };
        dispose = () => rm(dir, { recursive: true, force: true });
      }
      const open = () =>
        openStore({ ...data, onAdministratorCreated: () => undefined }).then(({ store, db }) => ({
          db,
          close: () => store.close(),
        }));

      try {
        // Seed in-process, choose three products and set their stock, then hand the data over.
        const setup = await open();
        const ids = (
          await setup.db
            .select({ id: products.id })
            .from(products)
            .where(eq(products.status, 'publish'))
            .orderBy(asc(products.id))
        ).map((row) => row.id);
        const [load, scarce, plenty] = [ids[0]!, ids[1]!, ids[2]!];
        const stockOf = { [scarce]: SCARCE_STOCK, [plenty]: PLENTY_STOCK };
        await setup.db
          .update(products)
          .set({ stockQuantity: null, stockStatus: 'instock', totalSales: 0 })
          .where(eq(products.id, load));
        for (const [id, stock] of Object.entries(stockOf)) {
          await setup.db
            .update(products)
            .set({ stockQuantity: stock, stockStatus: 'instock', totalSales: 0 })
            .where(eq(products.id, Number(id)));
        }
        await setup.close();

        let child: ChildStore = await startChildStore(data);
        const states: ShopperState[] = Array.from({ length: SHOPPERS }, () => ({
          shopper: new HttpShopper(child.url),
          acked: 0,
          unanswered: 0,
          checkoutUnanswered: false,
        }));
        const restart = async () => {
          tally.kills += 1;
          child = await startChildStore(data);
          for (const state of states) state.shopper.baseUrl = child.url;
        };

        const tally = { kills: 0, unansweredAdds: 0, landedUnanswered: 0, unansweredCheckouts: 0 };
        /** Each shopper's cart as the restarted store reads it: the load product's quantity. */
        const checkCarts = async () => {
          for (const state of states) {
            const cart = await state.shopper.send<CartBody>('cart');
            expect(cart.status).toBe(200);
            const quantity = cart.body.items.find((item) => item.id === load)?.quantity ?? 0;
            expect(quantity).toBeGreaterThanOrEqual(state.acked);
            expect(quantity).toBeLessThanOrEqual(state.acked + state.unanswered);
            tally.unansweredAdds += state.unanswered;
            tally.landedUnanswered += quantity - state.acked;
            state.acked = quantity;
            state.unanswered = 0;
          }
        };

        // 1. Cart load: every shopper adds one unit at a time, as fast as the store answers;
        //    the store is killed with requests in flight once LOAD_ACKS adds were acknowledged.
        let total = 0;
        let killing: Promise<void> | undefined;
        await Promise.all(
          states.map(async (state) => {
            while (killing === undefined) {
              state.unanswered += 1;
              let answer;
              try {
                answer = await state.shopper.send('cart/add-item', { id: load, quantity: 1 });
              } catch {
                return; // the connection died with the store: unanswered
              }
              state.unanswered -= 1;
              expect(answer.status).toBe(201);
              state.acked += 1;
              total += 1;
              if (total >= LOAD_ACKS) killing ??= child.kill();
            }
          }),
        );
        await killing;
        await restart();
        await checkCarts();

        // 2. Checkouts: each shopper wants one of the scarce units and two plentiful ones, then
        //    everyone checks out at once. The store is killed at a different point each round:
        //    just after the first order is acknowledged, then after a growing delay.
        const killPoints = Array.from({ length: CHECKOUT_ROUNDS }, (_, round) =>
          round === 0 ? ('first-answer' as const) : round * 15,
        );
        const pending = [...states];
        for (const point of killPoints) {
          const round = pending.splice(0, Math.ceil(states.length / killPoints.length));
          for (const state of round) {
            for (const [id, quantity] of [
              [scarce, 1],
              [plenty, 2],
            ] as const) {
              const added = await state.shopper.send('cart/add-item', { id, quantity });
              expect([201, 400]).toContain(added.status);
            }
          }
          let killed: Promise<void> | undefined;
          const attempts = round.map(async (state) => {
            state.checkoutUnanswered = true;
            let answer;
            try {
              answer = await state.shopper.send<OrderBody>('checkout', CHECKOUT);
            } catch {
              return;
            }
            state.checkoutUnanswered = false;
            if (answer.status === 200) {
              state.order = { id: answer.body.order_id!, key: answer.body.order_key! };
              if (point === 'first-answer') killed ??= child.kill();
            } else {
              expect(answer.status).toBe(400);
            }
          });
          if (point !== 'first-answer') {
            setTimeout(() => {
              killed ??= child.kill();
            }, point);
          }
          await Promise.all(attempts);
          killed ??= child.kill();
          await killed;
          await restart();

          for (const state of round) {
            if (state.order !== undefined) {
              const read = await fetch(
                `${child.url}/wp-json/cartwright/v1/orders/${state.order.id}?key=${state.order.key}`,
              );
              expect(read.status).toBe(200);
              expect(((await read.json()) as OrderBody).status).toBe('processing');
            }
            if (state.checkoutUnanswered) {
              tally.unansweredCheckouts += 1;
              // The shopper retries the identical request: the order it may have placed comes
              // back (double submission), or it is placed now, or stock refuses it.
              const retry = await state.shopper.send<OrderBody>('checkout', CHECKOUT);
              if (retry.status === 200) {
                state.order = { id: retry.body.order_id!, key: retry.body.order_key! };
              } else {
                expect(retry.status).toBe(400);
                expect(retry.body.code).toMatch(
                  /^woocommerce_rest_product_(partially_)?out_of_stock$/,
                );
              }
              state.checkoutUnanswered = false;
            }
          }
        }
        await child.stop();

        // 3. The rows themselves.
        const check = await open();
        try {
          const placed = await check.db
            .select({ id: orders.id, sessionKey: orders.sessionKey })
            .from(orders)
            .where(ne(orders.status, 'checkout-draft'));
          const acknowledged = states.flatMap((state) => (state.order ? [state.order.id] : []));
          // Every order the store ever made was answered to its shopper, and only once.
          expect(placed.map((row) => row.id).sort((a, b) => a - b)).toEqual(
            [...acknowledged].sort((a, b) => a - b),
          );
          expect(new Set(placed.map((row) => row.sessionKey)).size).toBe(placed.length);
          expect(placed.length).toBeGreaterThan(0);
          console.info(
            `crash on ${driver.name}: ${JSON.stringify({ ...tally, orders: placed.length })}`,
          );

          const lines = placed.length
            ? await check.db
                .select({ productId: orderLines.productId, quantity: orderLines.quantity })
                .from(orderLines)
                .where(
                  inArray(
                    orderLines.orderId,
                    placed.map((row) => row.id),
                  ),
                )
            : [];
          const sold = (id: number) =>
            lines.filter((line) => line.productId === id).reduce((sum, l) => sum + l.quantity, 0);
          for (const [id, stock] of Object.entries(stockOf)) {
            const [row] = await check.db
              .select()
              .from(products)
              .where(eq(products.id, Number(id)));
            expect(row!.stockQuantity).toBe(stock - sold(Number(id)));
            expect(row!.totalSales).toBe(sold(Number(id)));
            expect(row!.stockQuantity).toBeGreaterThanOrEqual(0);
          }
          expect(sold(scarce)).toBeLessThanOrEqual(SCARCE_STOCK);

          // Orders copied exactly the acknowledged cart; carts that ordered are empty.
          for (const state of states) {
            if (state.shopper.token === undefined) continue;
            const rows = await check.db
              .select({ productId: cartItems.productId, quantity: cartItems.quantity })
              .from(cartItems)
              .where(eq(cartItems.sessionKey, sessionOf(state.shopper.token)));
            if (state.order === undefined) {
              expect(rows.find((row) => row.productId === load)?.quantity ?? 0).toBe(state.acked);
            } else {
              expect(rows).toEqual([]);
              const ordered = await check.db
                .select({ productId: orderLines.productId, quantity: orderLines.quantity })
                .from(orderLines)
                .where(eq(orderLines.orderId, state.order.id));
              expect(ordered.find((line) => line.productId === load)?.quantity ?? 0).toBe(
                state.acked,
              );
            }
          }
        } finally {
          await check.close();
        }
      } finally {
        await dispose();
      }
    },
  );
});
