import { StoreApiError, type StoreCart } from '@cartwright/store-api-client';
import type { CartController, CartReceiveOptions, CartSnapshot, UpdateOutcome } from './cart';
import type {
  AddOutcome,
  AddRequest,
  AddButtonState,
  CartQueueSettableOptions,
  RefreshOutcome,
  RemoveOutcome,
} from './cart-queue';
import { isOlderRead } from './cookie';
import { toSameOriginUrl } from './url';

/** What a lazy controller hands the real one when it attaches: what it knows by then. */
export interface CartControllerSeed {
  /** The newest cart the page has received (null: no cart session). */
  cart: StoreCart | null;
  /** Every option set through `setOptions` so far, merged. */
  options: CartQueueSettableOptions;
}

/** Builds the real controller (e.g. `createCartController` with the page's transport). */
export type CartControllerFactory = (seed: CartControllerSeed) => CartController;

/** Options of {@link createLazyCartController}. */
export interface LazyCartControllerOptions {
  /** The cart the page was rendered with (null or absent: no cart session). */
  initialCart?: StoreCart | null | undefined;
  /**
   * Loads the real controller's code (a dynamic `import()`), once per attach; a rejection fails
   * the calls that waited for it, and the next call loads again.
   */
  load: () => Promise<CartControllerFactory>;
  /** @default reads `document.cookie` (see `receive`'s `cartHash`) */
  readCookie?: (name: string) => string | undefined;
}

/** A {@link CartController} whose queue, transport and state machines load on first use. */
export interface LazyCartController extends CartController {
  /** True once the real controller has been loaded and took over. */
  readonly attached: boolean;
}

const IDLE_QUEUE = { removing: [] as readonly string[], cartHash: null, warnings: [] };

/**
 * The page's cart controller in two parts (decision 0056): a snapshot store that shows the cart
 * the page received (`getSnapshot`, `subscribe`, `receive`, `setOptions`) and costs a few hundred
 * bytes, and the real controller — queue, state machines, transport — loaded with the first cart
 * change (`add`, `remove`, `setQuantity`, `refresh`). Calls made while it loads are shown at once
 * (the button is `loading`, the row blocked, the quantity pending; an add's `shouldSend` veto is
 * asked at once, so a vetoed add loads nothing) and handed to the real controller in the order
 * they were made, each once, as soon as it is there; from then on every
 * call and the snapshot are the real controller's own. A page nobody changes the cart on never
 * loads it.
 *
 * @example
 * const cart = createLazyCartController({
 *   initialCart,
 *   load: () => import('./page-cart').then((module) => module.createPageCart),
 * });
 * cart.subscribe(() => render(cart.getSnapshot().itemCount));
 */
export function createLazyCartController(options: LazyCartControllerOptions): LazyCartController {
  const listeners = new Set<() => void>();
  let cart: StoreCart | null = options.initialCart ?? null;
  let settable: CartQueueSettableOptions = {};
  let buttons: Record<string, AddButtonState> = {};
  let removing: readonly string[] = [];
  let quantities: Record<string, number> = {};
  let real: CartController | null = null;
  let loading: Promise<unknown> | null = null;
  /** Calls waiting for the real controller, in the order they were made. */
  let waiting: {
    run: (controller: CartController) => void;
    fail: (error: StoreApiError) => void;
  }[] = [];
  let snapshot: CartSnapshot;
  /** Adds the veto already let through here: the real controller does not ask again. */
  const asked = new WeakSet<AddRequest>();
  const shouldSend = (request: AddRequest) =>
    asked.delete(request) || !settable.shouldSend || settable.shouldSend(request);

  const emit = () => {
    snapshot = {
      ...IDLE_QUEUE,
      buttons,
      removing,
      cart,
      itemCount: cart ? cart.items_count : null,
      quantities,
    };
    for (const listener of listeners) listener();
  };
  emit();

  const attach = () => {
    // A load that fails, or a factory that throws, fails the waiting calls.
    loading ??= options
      .load()
      .then((create) => {
        const controller = create({ cart, options: { ...settable, shouldSend } });
        const calls = waiting;
        waiting = [];
        // Handed over in one go, before anyone reads the real snapshot: each call sets its own
        // pending state there (a button `loading`, a row blocked) the moment it is made.
        for (const call of calls) call.run(controller);
        real = controller;
        controller.subscribe(() => {
          for (const listener of listeners) listener();
        });
        buttons = {};
        removing = [];
        quantities = {};
        for (const listener of listeners) listener();
      })
      .catch((cause: unknown) => {
        loading = null;
        const calls = waiting;
        waiting = [];
        const error = new StoreApiError('The cart could not be loaded.', {
          code: 'fetch_error',
          cause,
        });
        for (const call of calls) call.fail(error);
        emit();
      });
  };

  /** Runs `call` on the real controller once it is there; `fail` answers if it cannot load. */
  const later = <T>(
    call: (controller: CartController) => Promise<T>,
    fail: (error: StoreApiError) => T,
  ): Promise<T> => {
    const done = new Promise<T>((resolve) => {
      waiting.push({
        run: (controller) => resolve(call(controller)),
        fail: (error) => resolve(fail(error)),
      });
    });
    emit();
    attach();
    return done;
  };

  return {
    get attached() {
      return real !== null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => (real ? real.getSnapshot() : snapshot),

    receive(next, read?: CartReceiveOptions) {
      if (real) return real.receive(next, read);
      // No answer has arrived yet, but the browser may hold a newer cart (another tab's).
      if (next === cart || isOlderRead(read, options.readCookie)) return;
      cart = next;
      emit();
    },

    setOptions(next) {
      settable = { ...settable, ...next };
      real?.setOptions({ ...next, shouldSend });
    },

    add(buttonId, request: AddRequest): Promise<AddOutcome> {
      if (real) return real.add(buttonId, request);
      // The veto is asked at once, as the real controller does: a vetoed add loads nothing.
      if (request.data.product_id && !shouldSend(request)) {
        buttons = { ...buttons, [buttonId]: { status: 'idle', showViewCart: false, error: null } };
        emit();
        return Promise.resolve({ type: 'vetoed' });
      }
      asked.add(request);
      buttons = { ...buttons, [buttonId]: { status: 'loading', showViewCart: false, error: null } };
      return later(
        (controller) => controller.add(buttonId, request),
        (error) => {
          buttons = { ...buttons, [buttonId]: { status: 'error', showViewCart: false, error } };
          return { type: 'failed', error };
        },
      );
    },

    remove(cartItemKey, link): Promise<RemoveOutcome> {
      if (real) return real.remove(cartItemKey, link);
      removing = [...removing, cartItemKey];
      return later(
        (controller) => controller.remove(cartItemKey, link),
        (error): RemoveOutcome => {
          removing = removing.filter((key) => key !== cartItemKey);
          // As a removal whose request failed: follow the remove link, on this origin only.
          const url = toSameOriginUrl(link.href, settable.origin ?? globalThis.location.origin);
          if (!url) return { type: 'failed', error };
          (settable.navigate ?? ((to: string) => globalThis.location.assign(to)))(url);
          return { type: 'navigated', url };
        },
      );
    },

    setQuantity(cartItemKey, quantity): Promise<UpdateOutcome> {
      if (real) return real.setQuantity(cartItemKey, quantity);
      quantities = { ...quantities, [cartItemKey]: quantity };
      return later(
        (controller) => controller.setQuantity(cartItemKey, quantity),
        (error) => {
          quantities = { ...quantities };
          delete quantities[cartItemKey];
          return { type: 'failed', error };
        },
      );
    },

    refresh(): Promise<RefreshOutcome> {
      if (real) return real.refresh();
      return later(
        (controller) => controller.refresh(),
        (error) => ({ type: 'failed', error }),
      );
    },

    clearWarnings() {
      real?.clearWarnings();
    },

    destroy() {
      real?.destroy();
      listeners.clear();
    },
  };
}
