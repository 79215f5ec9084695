import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { UiComponentsError } from './errors';
import type { Translator } from './messages';
import { useMessages } from './MessagesProvider';
import { CONSENT_MESSAGES } from './messages-consent';

/**
 * A consent category of the WP Consent API (the same names as
 * `@cartwright/consent-analytics`' `CONSENT_CATEGORIES`).
 */
export type ConsentBannerCategoryId =
  'functional' | 'preferences' | 'statistics' | 'statistics-anonymous' | 'marketing';

/** A shopper's decision for one category. */
export type ConsentBannerState = 'granted' | 'denied';

/**
 * The decision the banner reports: a state for every category it shows. Shaped for
 * `consentStore.update(choices)`.
 */
export type ConsentBannerChoices = Partial<Record<ConsentBannerCategoryId, ConsentBannerState>>;

/** How the shopper decided: the button they used. */
export type ConsentBannerDecision = 'accept-all' | 'reject-all' | 'custom';

/** One checkbox of the banner's "Choose" view. */
export interface ConsentBannerCategory {
  /** The category it decides. */
  id: ConsentBannerCategoryId;
  /** The checkbox's label, e.g. "Statistics". */
  label: string;
  /**
   * A sentence under the label saying what the category allows.
   * @default undefined
   */
  description?: string | undefined;
  /**
   * Always granted: the checkbox is checked and cannot be changed, and "Reject all"
   * grants it too (use it for what the shop cannot work without).
   * @default false
   */
  required?: boolean | undefined;
}

/**
 * The WP Consent API categories with plain-language labels; `functional` is required.
 * The banner's default `categories`.
 */
export const CONSENT_BANNER_CATEGORIES: readonly ConsentBannerCategory[] = [
  {
    id: 'functional',
    label: 'Functional',
    description: 'Needed for the cart, checkout and your account. Always on.',
    required: true,
  },
  {
    id: 'preferences',
    label: 'Preferences',
    description: 'Remember choices such as your region.',
  },
  {
    id: 'statistics',
    label: 'Statistics',
    description: 'Count visits and sales so the shop can improve.',
  },
  {
    id: 'statistics-anonymous',
    label: 'Anonymous statistics',
    description: 'Statistics that cannot identify you.',
  },
  {
    id: 'marketing',
    label: 'Marketing',
    description: 'Remember which campaign brought you here.',
  },
];

/**
 * A category's label and description from the message catalogue where they are the
 * defaults above (so a translation applies), else as given.
 */
function translated(category: ConsentBannerCategory, t: Translator): ConsentBannerCategory {
  const standard = CONSENT_BANNER_CATEGORIES.find((known) => known.id === category.id);
  if (!standard) return category;
  return {
    ...category,
    label:
      category.label === standard.label ? t.format(`consent.${category.id}.label`) : category.label,
    description:
      category.description === standard.description
        ? t.format(`consent.${category.id}.description`)
        : category.description,
  };
}

/** Props of {@link ConsentBanner}. */
export interface ConsentBannerProps {
  /**
   * Called once with the shopper's decision; pass it to the consent store
   * (`consent.update(choices)`) and stop rendering the banner. Every shown category is
   * in `choices`; required ones are always `'granted'`.
   */
  onDecide: (choices: ConsentBannerChoices, decision: ConsentBannerDecision) => void;
  /**
   * The shopper's earlier explicit choices (the consent snapshot's `choices`): they
   * pre-set the checkboxes when the banner is reopened. A category without one starts
   * unchecked (no pre-ticked boxes).
   * @default {}
   */
  choices?: ConsentBannerChoices | undefined;
  /**
   * The categories offered in the "Choose" view, in order. Ids must be unique.
   * @default CONSENT_BANNER_CATEGORIES
   */
  categories?: readonly ConsentBannerCategory[] | undefined;
  /**
   * Open with the per-category checkboxes showing, e.g. from a "Cookie settings" link.
   * @default false
   */
  showChoices?: boolean | undefined;
  /**
   * The banner's heading, which also names its region.
   * @default the catalogue's 'consent.title' ("Cookies and privacy")
   */
  title?: string | undefined;
  /**
   * The text under the heading, e.g. with a link to the privacy policy.
   * @default the catalogue's 'consent.text' ("We use cookies to run the shop and, with your consent, …")
   */
  children?: ReactNode;
  /**
   * Move focus to the banner when it appears, and give it back to the element that had
   * it when the banner goes away. Turn off for a banner that is present on page load,
   * where taking focus would skip the page's skip link.
   * @default true
   */
  manageFocus?: boolean | undefined;
}

function checkCategories(categories: readonly ConsentBannerCategory[]): void {
  const seen = new Set<string>();
  for (const category of categories) {
    if (seen.has(category.id)) {
      throw new UiComponentsError(
        'invalid_categories',
        `ConsentBanner: the category "${category.id}" is listed twice`,
        { input: categories },
      );
    }
    seen.add(category.id);
  }
  if (categories.length === 0) {
    throw new UiComponentsError('invalid_categories', 'ConsentBanner: no categories to offer', {
      input: categories,
    });
  }
}

function allAs(
  categories: readonly ConsentBannerCategory[],
  state: ConsentBannerState,
): ConsentBannerChoices {
  const choices: ConsentBannerChoices = {};
  for (const category of categories) {
    choices[category.id] = category.required === true ? 'granted' : state;
  }
  return choices;
}

/**
 * The consent banner: a labelled region fixed to the bottom of the viewport (it
 * reserves no space, so nothing on the page moves) with "Accept all", "Reject all" and
 * "Choose", which shows one labelled checkbox per category and "Save choices". It only
 * renders: the consent store owns the state. Render it while a choice is needed; it
 * calls `onDecide` once with the decision, and you stop rendering it.
 *
 * Focus moves to the banner when it appears and returns to where it was when it goes.
 * Escape never decides anything: it closes the checkboxes view if open, otherwise does
 * nothing (the banner stays until the shopper chooses).
 *
 * @throws {UiComponentsError} `invalid_categories` for no categories or a repeated id.
 *
 * @example
 * const snapshot = useConsent(consent);
 * const needsChoice = consentFor(snapshot, 'statistics') === 'pending';
 * {needsChoice && (
 *   <ConsentBanner
 *     choices={snapshot.choices}
 *     onDecide={(choices) => consent.update(choices)}
 *   />
 * )}
 */
export function ConsentBanner({
  onDecide,
  choices = {},
  categories = CONSENT_BANNER_CATEGORIES,
  showChoices = false,
  title,
  children,
  manageFocus = true,
}: ConsentBannerProps): ReactElement {
  checkCategories(categories);
  const t = useMessages(CONSENT_MESSAGES);
  const id = useId();
  const rootRef = useRef<HTMLElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [choosing, setChoosing] = useState(showChoices);
  // The unsaved checkbox states: a draft, not consent (nothing is decided until a button).
  const [draft, setDraft] = useState<ConsentBannerChoices>(() => {
    const initial: ConsentBannerChoices = {};
    for (const category of categories) {
      initial[category.id] =
        category.required === true || choices[category.id] === 'granted' ? 'granted' : 'denied';
    }
    return initial;
  });

  useEffect(() => {
    if (!manageFocus) return undefined;
    const root = rootRef.current;
    const previous = document.activeElement;
    root?.focus();
    return () => {
      const active = document.activeElement;
      const focusWasOurs =
        active === null || active === document.body || (root?.contains(active) ?? false);
      if (focusWasOurs && previous instanceof HTMLElement && previous.isConnected) {
        previous.focus();
      }
    };
  }, [manageFocus]);

  const decide = (decision: ConsentBannerDecision) => {
    if (decision === 'custom') {
      const result: ConsentBannerChoices = {};
      for (const category of categories) {
        result[category.id] = category.required === true ? 'granted' : draft[category.id];
      }
      onDecide(result, decision);
    } else {
      onDecide(allAs(categories, decision === 'accept-all' ? 'granted' : 'denied'), decision);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !choosing) return;
    event.stopPropagation();
    setChoosing(false);
    chooseRef.current?.focus();
  };

  return (
    // Not a dialog: the shopper may keep using the page, so no focus trap and no
    // aria-modal; a named region is findable from the landmarks list.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the checkboxes view
    <section
      ref={rootRef}
      className="cw-consent-banner"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 className="cw-consent-banner__title" id={`${id}-title`}>
        {title ?? t.format('consent.title')}
      </h2>
      <div className="cw-consent-banner__text" id={`${id}-text`}>
        {children ?? <p>{t.format('consent.text')}</p>}
      </div>
      <div className="cw-consent-banner__buttons">
        <button type="button" className="cw-button" onClick={() => decide('accept-all')}>
          {t.format('consent.acceptAll')}
        </button>
        <button type="button" className="cw-button" onClick={() => decide('reject-all')}>
          {t.format('consent.rejectAll')}
        </button>
        <button
          ref={chooseRef}
          type="button"
          className="cw-button"
          aria-expanded={choosing}
          aria-controls={choosing ? `${id}-choices` : undefined}
          onClick={() => setChoosing((open) => !open)}
        >
          {t.format('consent.choose')}
        </button>
      </div>
      {choosing && (
        <fieldset className="cw-consent-banner__choices" id={`${id}-choices`}>
          <legend className="cw-consent-banner__legend">{t.format('consent.legend')}</legend>
          {categories.map((given) => {
            const category = translated(given, t);
            const inputId = `${id}-${category.id}`;
            const required = category.required === true;
            return (
              <div className="cw-consent-banner__choice" key={category.id}>
                <input
                  type="checkbox"
                  id={inputId}
                  name={category.id}
                  checked={required || draft[category.id] === 'granted'}
                  disabled={required}
                  aria-describedby={category.description ? `${inputId}-description` : undefined}
                  onChange={(event) => {
                    const state = event.currentTarget.checked ? 'granted' : 'denied';
                    setDraft((current) => ({ ...current, [category.id]: state }));
                  }}
                />
                <label htmlFor={inputId}>{category.label}</label>
                {category.description && (
                  <p className="cw-consent-banner__description" id={`${inputId}-description`}>
                    {category.description}
                  </p>
                )}
              </div>
            );
          })}
          <button type="button" className="cw-button" onClick={() => decide('custom')}>
            {t.format('consent.save')}
          </button>
        </fieldset>
      )}
    </section>
  );
}
