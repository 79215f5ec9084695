import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseContact, saveContact } from '../contacts/contacts';
import { NO_CACHE } from '../http/auth';
import { TooManyRequests, clientOf } from '../http/rate-limit';
import { RestError } from '../http/rest-error';
import type { RouteContext } from './context';

/** Largest subscription body accepted, in bytes (a form of a few short fields). */
const MAX_CONTACT_BODY_BYTES = 16 * 1024;

/**
 * `POST /wp-json/{namespace}/v1/contact` (wire contract §2.3; namespace `hostinger-reach` unless
 * configured): a subscription from the storefront's form. The request must carry a valid
 * `X-WP-Nonce` with its cookies (else 401 `Not authorized`, "You cannot perform this action", as
 * the plugin answers; an invalid nonce is already core's 403 `rest_cookie_invalid_nonce`). The
 * contact is validated and stored once per email; the answer is `{success: true}` whether the
 * email was new or not, so the form cannot be used to find out who subscribed. Bad input is a
 * 400 with WordPress's error body, never a 5xx.
 */
export function registerContactRoutes(app: FastifyInstance, context: RouteContext): void {
  const namespace = context.settings.subscriptionNamespace;
  app.post(
    `/wp-json/${namespace}/v1/contact`,
    { bodyLimit: MAX_CONTACT_BODY_BYTES },
    async (request: FastifyRequest, reply) => {
      void reply.header('Cache-Control', NO_CACHE);
      if (!request.auth.restNonceValid) {
        throw new RestError('Not authorized', 'You cannot perform this action', 401);
      }
      const contact = parseContact(request.body);
      // Each subscription counts against its client: no unbounded contact rows from one place.
      const verdict = await context.limiter.hit(
        'contacts-client',
        clientOf(request),
        context.limits.contactsPerClient,
      );
      if (!verdict.allowed) throw new TooManyRequests(verdict);
      // A filled honeypot: answer as a success, store nothing.
      if (contact !== undefined) await saveContact(context.db, contact);
      return { success: true };
    },
  );
}
