/**
 * A store message as plain text: WooCommerce escapes names, quotes and currency symbols as HTML
 * entities (`&quot;lab10&quot;`, `&#036;20.00`); the storefront renders text, never the store's
 * HTML, so it decodes the few entities the store writes and strips any tag.
 */
export function storeMessageText(message: string): string {
  return message
    .replace(/<[^<>]{0,200}>/g, '')
    .replace(/&#(\d{1,7});/g, (_match, digits: string) => {
      const code = Number(digits);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
