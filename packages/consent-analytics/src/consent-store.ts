import { ConsentAnalyticsError } from './errors';

/**
 * The WP Consent API categories (wire contract §7.4), in its order. Analytics
 * need `statistics`; order attribution follows `marketing`.
 */
export const CONSENT_CATEGORIES = [
  'functional',
  'preferences',
  'statistics',
  'statistics-anonymous',
  'marketing',
] as const;

/** One of {@link CONSENT_CATEGORIES}. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** A decision for one category (the WP Consent API's `allow` / `deny`). */
export type ConsentState = 'granted' | 'denied';

/**
 * The WP Consent API's consent types: `optin` (nothing until the shopper agrees,
 * the GDPR way) or `optout` (everything until the shopper refuses).
 */
export type ConsentType = 'optin' | 'optout';

/**
 * A category's decision as the app acts on it: `pending` means a consent framework
 * is present and the shopper has not chosen yet (hold, store nothing).
 */
export type ConsentDecision = ConsentState | 'pending';

/** An immutable picture of consent; a change produces a new snapshot object. */
export interface ConsentSnapshot {
  /**
   * Whether a consent framework (e.g. the WP Consent API) is present. Without
   * one, WordPress treats every category as consented.
   */
  readonly framework: boolean;
  /** The effective state of every category: the shopper's choice, else the default of `consentType` and GPC. */
  readonly categories: Readonly<Record<ConsentCategory, ConsentState>>;
  /** Only the categories the shopper (or a stored consent cookie) decided. */
  readonly choices: Readonly<Partial<Record<ConsentCategory, ConsentState>>>;
  /** The consent type; categories without a choice are granted under `optout` (except under GPC). */
  readonly consentType: ConsentType;
  /** Whether the browser sends Global Privacy Control: marketing and statistics are denied unless chosen. */
  readonly gpc: boolean;
}

/** Options of {@link createConsentStore}. */
export interface ConsentStoreOptions {
  /**
   * Whether a consent framework is present. Leave it `false` only when the shop
   * has none: then analytics may load without asking (spec §4 "Tracking consent").
   * @default false
   */
  framework?: boolean;
  /**
   * Decisions already known, e.g. read from the consent cookies. Categories left
   * out start `'denied'`.
   * @default {}
   * @example { statistics: 'granted' }
   */
  initial?: Partial<Record<ConsentCategory, ConsentState>>;
  /**
   * The consent type in force.
   * @default 'optin'
   */
  consentType?: ConsentType;
  /**
   * Whether Global Privacy Control is on (`navigator.globalPrivacyControl`): then
   * marketing and statistics are denied unless the shopper explicitly opts in.
   * @default false
   */
  gpc?: boolean;
}

/**
 * Connects a {@link ConsentStore} to something outside it (a consent plugin, the
 * page's globals, Google tags). Adapters live at `@cartwright/consent-analytics/adapters`.
 */
export interface ConsentAdapter {
  /** Starts syncing; returns a function that stops (and undoes what it installed). */
  connect: (store: ConsentStore) => () => void;
}

/** Called with the new snapshot after every change. */
export type ConsentListener = (snapshot: ConsentSnapshot) => void;

/**
 * An external store of consent decisions (`subscribe` / `getSnapshot` / commands).
 * Its functions do not use `this`, so they can be passed around detached.
 */
export interface ConsentStore {
  /**
   * Calls `listener` after every change. Returns a function that unsubscribes
   * (safe to call more than once). The same function subscribed twice is called once.
   */
  subscribe: (listener: ConsentListener) => () => void;
  /** The current snapshot; the same object until something changes. */
  getSnapshot: () => ConsentSnapshot;
  /**
   * Records a decision for one category. Listeners run only if it changed.
   * @throws {ConsentAnalyticsError} `invalid_category` or `invalid_state`.
   */
  set: (category: ConsentCategory, state: ConsentState) => void;
  /**
   * Records several decisions at once, with a single notification (e.g. "accept all").
   * Nothing changes if any entry is invalid.
   * @throws {ConsentAnalyticsError} `invalid_category` or `invalid_state`.
   */
  update: (changes: Partial<Record<ConsentCategory, ConsentState>>) => void;
  /**
   * Records whether a consent framework is present, e.g. once the consent plugin
   * announces itself after load.
   * @throws {ConsentAnalyticsError} `invalid_options` if `present` is not a boolean.
   */
  setFramework: (present: boolean) => void;
  /**
   * Records the consent type, e.g. when the consent plugin defines `wp_consent_type` after load.
   * @throws {ConsentAnalyticsError} `invalid_options` for anything but `'optin'` / `'optout'`.
   */
  setConsentType: (type: ConsentType) => void;
}

const isCategory = (value: unknown): value is ConsentCategory =>
  (CONSENT_CATEGORIES as readonly unknown[]).includes(value);

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

const categoryError = (category: unknown) =>
  new ConsentAnalyticsError(
    'invalid_category',
    `${show(category)} is not a consent category; use one of ${CONSENT_CATEGORIES.join(', ')}.`,
  );

const stateError = (category: string, state: unknown) =>
  new ConsentAnalyticsError(
    'invalid_state',
    `The consent state for "${category}" must be "granted" or "denied", got ${show(state)}.`,
  );

function checkChanges(changes: unknown): Array<[ConsentCategory, ConsentState]> {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    throw new ConsentAnalyticsError(
      'invalid_options',
      'Consent decisions must be an object such as { statistics: "granted" }.',
    );
  }
  const entries: Array<[ConsentCategory, ConsentState]> = [];
  for (const [category, state] of Object.entries(changes as Record<string, unknown>)) {
    if (state === undefined) continue;
    if (!isCategory(category)) throw categoryError(category);
    if (state !== 'granted' && state !== 'denied') throw stateError(category, state);
    entries.push([category, state]);
  }
  return entries;
}

function checkFramework(present: unknown, name = 'framework'): boolean {
  if (typeof present !== 'boolean') {
    throw new ConsentAnalyticsError('invalid_options', `\`${name}\` must be true or false.`);
  }
  return present;
}

// GPC speaks for these two only (wire contract §7.4 categories; the CCPA's "sale or sharing").
const GPC_CATEGORIES: readonly ConsentCategory[] = ['marketing', 'statistics'];

function checkType(type: unknown): ConsentType {
  if (type !== 'optin' && type !== 'optout') {
    throw new ConsentAnalyticsError(
      'invalid_options',
      '`consentType` must be "optin" or "optout".',
    );
  }
  return type;
}

function freeze(
  framework: boolean,
  choices: Partial<Record<ConsentCategory, ConsentState>>,
  consentType: ConsentType,
  gpc: boolean,
): ConsentSnapshot {
  const categories = {} as Record<ConsentCategory, ConsentState>;
  for (const category of CONSENT_CATEGORIES) {
    categories[category] =
      choices[category] ??
      (consentType === 'optout' && !(gpc && GPC_CATEGORIES.includes(category))
        ? 'granted'
        : 'denied');
  }
  return Object.freeze({
    framework,
    categories: Object.freeze(categories),
    choices: Object.freeze({ ...choices }),
    consentType,
    gpc,
  });
}

/**
 * Creates a {@link ConsentStore}. Framework-free: it holds decisions and tells
 * listeners; wiring it to a consent banner, the WP Consent API or cookies is up
 * to the caller.
 *
 * @throws {ConsentAnalyticsError} for malformed options.
 *
 * @example
 * const consent = createConsentStore({ framework: true });
 * consent.subscribe((snapshot) => {
 *   if (canLoadAnalytics(snapshot)) loadAnalytics(); // also when consent arrives later
 * });
 * consent.set('statistics', 'granted');
 */
export function createConsentStore(options: ConsentStoreOptions = {}): ConsentStore {
  if (typeof options !== 'object' || options === null) {
    throw new ConsentAnalyticsError(
      'invalid_options',
      'The consent store options must be an object.',
    );
  }
  const choices: Partial<Record<ConsentCategory, ConsentState>> = {};
  for (const [category, state] of checkChanges(options.initial ?? {})) choices[category] = state;
  let snapshot = freeze(
    checkFramework(options.framework ?? false),
    choices,
    checkType(options.consentType ?? 'optin'),
    checkFramework(options.gpc ?? false, 'gpc'),
  );
  const remake = (changes: Partial<ConsentSnapshot>) => {
    const next = { ...snapshot, ...changes };
    return freeze(next.framework, next.choices, next.consentType, next.gpc);
  };
  const listeners = new Set<ConsentListener>();

  const commit = (next: ConsentSnapshot) => {
    snapshot = next;
    const errors: unknown[] = [];
    for (const listener of [...listeners]) {
      // One failing listener must not keep the others from hearing about consent.
      try {
        listener(next);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'Several consent listeners failed.');
  };

  const update = (changes: Partial<Record<ConsentCategory, ConsentState>>) => {
    const entries = checkChanges(changes);
    const changed = entries.filter(([category, state]) => snapshot.choices[category] !== state);
    if (changed.length === 0) return;
    const next = { ...snapshot.choices };
    for (const [category, state] of changed) next[category] = state;
    commit(remake({ choices: next }));
  };

  return {
    subscribe(listener) {
      if (typeof listener !== 'function') {
        throw new ConsentAnalyticsError('invalid_options', 'subscribe() expects a function.');
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    set(category, state) {
      // Checked here, not only in update(), so `set('statistics', undefined)` is not a silent no-op.
      if (!isCategory(category)) throw categoryError(category);
      if (state !== 'granted' && state !== 'denied') throw stateError(category, state);
      update({ [category]: state });
    },
    update,
    setFramework(present) {
      if (checkFramework(present) === snapshot.framework) return;
      commit(remake({ framework: present }));
    },
    setConsentType(type) {
      if (checkType(type) === snapshot.consentType) return;
      commit(remake({ consentType: type }));
    },
  };
}

/**
 * Whether store analytics may load: true if no consent framework is present, or
 * if `statistics` is granted (spec §4 "Tracking consent", wire contract §7.4).
 *
 * @example
 * if (canLoadAnalytics(consent.getSnapshot())) loadAnalytics();
 */
export function canLoadAnalytics(snapshot: ConsentSnapshot): boolean {
  return consentFor(snapshot, 'statistics') === 'granted';
}

/**
 * The decision to act on for one category. Without a consent framework:
 * `granted` (WordPress's rule), except `denied` for marketing/statistics under
 * Global Privacy Control. With one: the shopper's choice if any; else `denied`
 * for marketing/statistics under GPC; else `granted` under `optout`; else
 * `pending` (ask first, store nothing).
 *
 * @example
 * // Order attribution follows "marketing", as in WooCommerce.
 * consent.subscribe((snapshot) => tracker.setConsent(consentFor(snapshot, 'marketing')));
 */
export function consentFor(snapshot: ConsentSnapshot, category: ConsentCategory): ConsentDecision {
  const gpc = snapshot.gpc && GPC_CATEGORIES.includes(category);
  // No framework: nobody asks, so WordPress's rule "no framework means consent" holds, except GPC.
  if (!snapshot.framework) return gpc ? 'denied' : 'granted';
  const choice = snapshot.choices[category];
  if (choice) return choice;
  if (gpc) return 'denied';
  return snapshot.consentType === 'optout' ? 'granted' : 'pending';
}
