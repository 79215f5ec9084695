import { isEmail } from '../http/email';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import { RestError, invalidParams, type InvalidParam } from '../http/rest-error';

/** The subscription plugin's REST namespace the store answers by default (wire contract §2.3). */
export const DEFAULT_SUBSCRIPTION_NAMESPACE = 'hostinger-reach';

/** The honeypot field the storefront's subscription form carries: people leave it empty. */
export const SUBSCRIPTION_HONEYPOT_FIELD = 'cw_website';

/** A namespace WordPress would accept in a route: lowercase letters, digits and dashes. */
export function isSubscriptionNamespace(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/.test(value);
}

/** A subscription as the store keeps it. */
export interface ContactInput {
  email: string;
  name: string;
  surname: string;
  group: string;
  formId: string;
  plugin: string;
}

const LIMITS = { email: 254, name: 100, surname: 100, group: 100, id: 100, plugin: 100 } as const;

/** Own enumerable string-keyed field of a parsed body, never one inherited from a prototype. */
function own(record: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a subscription from a request body: JSON `{email, name?, surname?, group?, id?,
 * metadata: {plugin?}}` (what the form sends, dot names nested), or the same fields form-encoded
 * (`metadata.plugin` flat). Only these fields are read, each as its own property, so a body cannot
 * smuggle values in through a prototype. Returns `undefined` for a honeypot hit.
 *
 * @throws {RestError} 400 `rest_missing_callback_param` (no email), `rest_invalid_param` (a field
 *   that is not text, too long, or holds a NUL; an email that is not one)
 */
export function parseContact(body: unknown): ContactInput | undefined {
  const input = isRecord(body) ? body : {};
  const problems: InvalidParam[] = [];
  const text = (name: keyof typeof LIMITS, value: unknown): string => {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      problems.push({
        name,
        code: 'rest_invalid_type',
        message: `${name} is not of type string.`,
      });
      return '';
    }
    const trimmed = value.trim();
    if (trimmed.includes('\0') || trimmed.length > LIMITS[name]) {
      problems.push({
        name,
        code: 'rest_invalid_param',
        message: `${name} must be text of at most ${LIMITS[name]} characters.`,
      });
      return '';
    }
    return trimmed;
  };

  const honeypot = own(input, SUBSCRIPTION_HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return undefined;

  const rawEmail = own(input, 'email');
  if (rawEmail === undefined || rawEmail === null || rawEmail === '') {
    throw new RestError('rest_missing_callback_param', 'Missing parameter(s): email', 400, {
      params: ['email'],
    });
  }
  const email = text('email', rawEmail).toLowerCase();
  if (typeof rawEmail === 'string' && problems.length === 0 && !isEmail(email)) {
    problems.push({ name: 'email', code: 'rest_invalid_email', message: 'Invalid email address.' });
  }
  const metadata = own(input, 'metadata');
  let pluginRaw: unknown = own(input, 'metadata.plugin');
  if (metadata !== undefined) {
    if (!isRecord(metadata)) {
      problems.push({
        name: 'metadata',
        code: 'rest_invalid_type',
        message: 'metadata is not of type object.',
      });
    } else pluginRaw = own(metadata, 'plugin');
  }
  const contact: ContactInput = {
    email,
    name: text('name', own(input, 'name')),
    surname: text('surname', own(input, 'surname')),
    group: text('group', own(input, 'group')),
    formId: text('id', own(input, 'id')),
    plugin: text('plugin', pluginRaw),
  };
  if (problems.length > 0) throw invalidParams(problems);
  return contact;
}

/**
 * Stores a contact, one per email: a repeated subscription updates the name, surname (when given),
 * contact list, form and plugin of the first. Returns whether the email was new.
 */
export async function saveContact(db: Database, contact: ContactInput): Promise<boolean> {
  const [row] = await db
    .insert(contacts)
    .values({
      email: contact.email,
      name: contact.name,
      surname: contact.surname,
      groupName: contact.group,
      formId: contact.formId,
      plugin: contact.plugin,
    })
    .onConflictDoUpdate({
      target: contacts.email,
      set: {
        name: sql`case when excluded.name = '' then ${contacts.name} else excluded.name end`,
        surname: sql`case when excluded.surname = '' then ${contacts.surname} else excluded.surname end`,
        groupName: sql`excluded.group_name`,
        formId: sql`excluded.form_id`,
        plugin: sql`excluded.plugin`,
        modifiedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}
