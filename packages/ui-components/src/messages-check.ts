import { DEFAULT_MESSAGES } from './default-messages';
import { UiComponentsError } from './errors';
import { checkText } from './messages';

/**
 * Refuses overrides that name a key `catalogue` does not have (a typo, a key renamed) or give
 * a text that is neither a string nor plural forms with `other`. Run it once where the whole
 * catalogue is known (a server as it starts, a build, a test), not in every browser: the
 * default is every text of ui-components (`DEFAULT_MESSAGES`); an app adds its own catalogues
 * (those of {@link extendTranslator}) so their keys count as known. A translator never looks up
 * a key no catalogue has, so `createTranslator` and `MessagesProvider` check only the texts'
 * form, and a page does not carry every key to refuse unknown ones.
 *
 * @throws {UiComponentsError} `invalid_messages`, naming the key.
 *
 * @example
 * checkMessages(SHOP_MESSAGES, { ...DEFAULT_MESSAGES, ...STOREFRONT_MESSAGES });
 */
export function checkMessages(
  messages: Readonly<Record<string, unknown>>,
  catalogue: Readonly<Record<string, unknown>> = DEFAULT_MESSAGES,
): void {
  for (const [key, value] of Object.entries(messages)) {
    if (!Object.prototype.hasOwnProperty.call(catalogue, key)) {
      throw new UiComponentsError('invalid_messages', `Messages: unknown key "${key}"`, {
        input: key,
      });
    }
    checkText(key, value);
  }
}
