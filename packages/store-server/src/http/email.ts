/** Characters an email address may not hold (besides its one `@`). */
const NOT_IN_EMAIL = ' \t\n\r\f\v@<>()[]\\,;:"';
/** The longest email address (RFC 5321's path limit, as WordPress's `is_email` allows). */
export const MAX_EMAIL_LENGTH = 254;

const isAlphanumeric = (char: string) =>
  (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9');

/** One domain label: letters, digits and inner hyphens (`shop`, `my-shop`, not `-shop`). */
function isLabel(label: string): boolean {
  if (label.length === 0 || label.length > 63) return false;
  if (!isAlphanumeric(label[0]!) || !isAlphanumeric(label[label.length - 1]!)) return false;
  for (const char of label) if (char !== '-' && !isAlphanumeric(char)) return false;
  return true;
}

/**
 * The store's one email check (checkout, registration, accounts, subscription contacts), as
 * WordPress's `is_email` judges an address: one `@`; a local part without spaces or
 * `<>()[]\,;:"`; a domain of at least two labels of letters, digits and inner hyphens, the last at
 * least two characters long. One pass over at most `maxLength` characters: the regular
 * expressions this replaces could backtrack (issue 13, finding 2).
 */
export function isEmail(value: string, maxLength = MAX_EMAIL_LENGTH): boolean {
  if (value.length === 0 || value.length > Math.min(maxLength, MAX_EMAIL_LENGTH)) return false;
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return false;
  for (const char of value.slice(0, at)) {
    if (NOT_IN_EMAIL.includes(char) || char.trim() === '') return false;
  }
  const labels = value.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every(isLabel) && labels[labels.length - 1]!.length >= 2;
}
