import { type RouteConfig, index, route } from '@react-router/dev/routes';

// WooCommerce's default permalinks (wire contract, "Where the spec is silent" 1–2).
export default [
  index('routes/home.tsx'),
  // WordPress's search pages: /?s=…&post_type=product, then /page/2/?s=…
  route('page/:page', 'routes/home.tsx', { id: 'search-paged' }),
  route('shop', 'routes/shop.tsx', { id: 'shop' }),
  route('shop/page/:page', 'routes/shop.tsx', { id: 'shop-paged' }),
  route('product/:slug', 'routes/product.tsx'),
  route('product-category/:slug', 'routes/category.tsx', { id: 'category' }),
  route('product-category/:slug/page/:page', 'routes/category.tsx', { id: 'category-paged' }),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/order-received/:id', 'routes/order-received.tsx'),
  route('my-account', 'routes/account.tsx'),
  route('my-account/orders', 'routes/account-orders.tsx', { id: 'account-orders' }),
  route('my-account/orders/:page', 'routes/account-orders.tsx', { id: 'account-orders-paged' }),
  route('my-account/edit-address', 'routes/account-addresses.tsx'),
  route('my-account/edit-address/:type', 'routes/account-edit-address.tsx'),
  route('my-account/lost-password', 'routes/account-lost-password.tsx'),
  route('my-account/edit-account', 'routes/account-edit-account.tsx'),
  route('store-notice/dismiss', 'routes/store-notice-dismiss.tsx'),
  route('coming-soon/dismiss', 'routes/coming-soon-dismiss.tsx'),
  route('subscribe', 'routes/subscribe.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
