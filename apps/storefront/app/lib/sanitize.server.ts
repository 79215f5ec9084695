import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions are HTML written in the store's admin. They are inserted
 * into our pages, so they go through an allow-list first: text formatting and
 * lists only, links restricted to http(s)/mailto and opened safely. Runs in
 * loaders only, so the sanitiser never ships to the browser.
 */
export function sanitizeProductHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'span'],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    },
  });
}
