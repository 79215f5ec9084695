import { createContext, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import {
  addMessages,
  createTranslator,
  defaultTranslator,
  type Messages,
  type PluralMessage,
  type Translator,
} from './messages';

interface MessagesContextValue {
  translator: Translator;
  overrides: Partial<Messages>;
}

const MessagesContext = createContext<MessagesContextValue | null>(null);

/** Props of {@link MessagesProvider}. */
export interface MessagesProviderProps {
  /** The components that use the messages. */
  children?: ReactNode;
  /**
   * Texts replacing the English defaults, for any subset of the keys. Merged over
   * those of an outer `MessagesProvider`.
   * @default {}
   */
  messages?: Partial<Messages> | undefined;
  /**
   * The locale of numbers, dates and plural forms.
   * @default the outer provider's locale, else 'en-US'
   */
  locale?: string | undefined;
}

/**
 * Gives every component below one message catalogue: the English defaults with
 * `messages` laid over them, and the `locale` for numbers, dates and plural forms.
 * Pass a stable `messages` object (a module constant), so the catalogue is built once.
 *
 * @throws {UiComponentsError} `invalid_messages` for a text that is neither a string nor
 *   plural forms with `other`, `invalid_locale` for a locale `Intl` rejects. A key no
 *   catalogue has is not refused here: `checkMessages` refuses it where the whole catalogue
 *   is known (a server as it starts, a test), so pages do not carry every key.
 * @example
 * <MessagesProvider locale="fr-FR" messages={{ 'miniCart.checkout': 'Commander' }}>
 *   <App />
 * </MessagesProvider>
 */
export function MessagesProvider({
  children,
  messages,
  locale,
}: MessagesProviderProps): ReactElement {
  const outer = useContext(MessagesContext);
  const value = useMemo<MessagesContextValue>(() => {
    const overrides = { ...outer?.overrides, ...messages };
    return {
      overrides,
      translator: createTranslator({
        locale: locale ?? outer?.translator.locale,
        messages: overrides,
      }),
    };
  }, [outer, messages, locale]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}

/**
 * The nearest {@link MessagesProvider}'s translator, or the English one for `en-US`. A
 * component whose texts are not in the core catalogue passes its own (`CONSENT_MESSAGES`), so
 * they are bundled with it only: they are added to every translator (`addMessages`; the same
 * constant texts each time, so calling it while rendering changes nothing anyone can see).
 *
 * @example
 * const t = useMessages(CONSENT_MESSAGES);
 * <button type="button">{t.format('consent.acceptAll')}</button>
 */
export function useMessages(
  catalogue?: Readonly<Record<string, string | PluralMessage>>,
): Translator {
  if (catalogue !== undefined) addMessages(catalogue);
  return useContext(MessagesContext)?.translator ?? defaultTranslator;
}
