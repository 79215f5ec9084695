/**
 * The WooCommerce / WordPress wire paths the storefront's origin hands to the
 * store (DESIGN.md "The wire is the contract"). Everything else is the app.
 */
export function isStorePath(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const search = q === -1 ? '' : rawUrl.slice(q + 1);
  if (pathname === '/wp-json' || pathname.startsWith('/wp-json/')) return true;
  if (pathname === '/wp-admin/admin-ajax.php' || pathname === '/wp-login.php') return true;
  if (pathname.startsWith('/wp-content/uploads/')) return true;
  if (search) {
    const params = new URLSearchParams(search);
    // WooCommerce answers wc-ajax on any URL; plain permalinks use ?rest_route=; the
    // no-JavaScript cart links (?add-to-cart=, ?remove_item=) work on any page too.
    if (params.has('wc-ajax') || params.has('rest_route')) return true;
    if (params.has('add-to-cart') || params.has('remove_item')) return true;
  }
  return false;
}

/**
 * WordPress serves pages with a trailing slash and redirects the other form.
 * Returns the canonical location, or null when the URL needs no redirect.
 */
export function trailingSlashRedirect(method: string, rawUrl: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const q = rawUrl.indexOf('?');
  const pathname = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (pathname.endsWith('/') || pathname.startsWith('/__')) return null;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  return `${pathname}/${q === -1 ? '' : rawUrl.slice(q)}`;
}
