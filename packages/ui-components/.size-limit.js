// @ts-check
/**
 * Size budgets (size-limit, esbuild, brotli). A dynamic `import()` is a chunk loaded later,
 * when its code is first needed (the announcer queue, the notices focus and scroll): it is
 * left out of the importer's size and measured by its own entry below, as a page pays for it.
 */

/** @param {import("esbuild").BuildOptions} config */
const lazyChunksApart = (config) => ({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      name: 'lazy-chunks-apart',
      /** @param {import("esbuild").PluginBuild} build */
      setup(build) {
        build.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

const checks = [
  {
    name: 'index, every component (ESM)',
    path: 'dist/index.js',
    import: '*',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '16.85 kB',
  },
  {
    name: 'a product listing page: ProductGrid + ProductCard + Price',
    path: 'dist/index.js',
    import: '{ ProductGrid, ProductCard, Price }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.95 kB',
  },
  {
    name: 'catalogue toolbar: CatalogOrdering + ResultCount + Pagination',
    path: 'dist/index.js',
    import: '{ CatalogOrdering, ResultCount, Pagination }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '3.9 kB',
  },
  {
    name: 'category filters: PriceFilter + AttributeFilter',
    path: 'dist/index.js',
    import: '{ PriceFilter, AttributeFilter }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '3.05 kB',
  },
  {
    name: '/shop/: ProductGrid + ProductCard + Price + toolbar + AddToCartButton + header MiniCart + CartCount',
    path: 'dist/index.js',
    import:
      '{ ProductGrid, ProductCard, Price, CatalogOrdering, ResultCount, Pagination, AddToCartButton, MiniCart, CartCount }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '6.72 kB',
  },
  {
    name: 'product page: Price + QuantityInput + AddToCartButton + header MiniCart + CartCount',
    path: 'dist/index.js',
    import: '{ Price, QuantityInput, AddToCartButton, MiniCart, CartCount }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '5.77 kB',
  },
  {
    name: "a variable product's page: VariationSelects + Price + QuantityInput + AddToCartButton",
    path: 'dist/index.js',
    import: '{ VariationSelects, Price, QuantityInput, AddToCartButton }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '5.15 kB',
  },
  {
    name: 'cart: MiniCart + CartCount + QuantityInput + BlockOverlay + Price',
    path: 'dist/index.js',
    import: '{ MiniCart, CartCount, QuantityInput, BlockOverlay, Price }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '5.1 kB',
  },
  {
    name: 'ConsentBanner from the index',
    path: 'dist/index.js',
    import: '{ ConsentBanner }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.96 kB',
  },
  {
    name: 'ConsentBanner from its own entry (a lazy chunk)',
    path: 'dist/consent-banner.js',
    import: '{ ConsentBanner }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.95 kB',
  },
  {
    name: '/checkout/: AddressFields (billing + shipping) + Price + BlockOverlay',
    path: 'dist/index.js',
    import: '{ AddressFields, Price, BlockOverlay }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '4.61 kB',
  },
  {
    name: 'cart and checkout shipping: ShippingRates',
    path: 'dist/index.js',
    import: '{ ShippingRates }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.6 kB',
  },
  {
    name: 'cart and checkout coupons: CouponForm',
    path: 'dist/index.js',
    import: '{ CouponForm }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '3.35 kB',
  },
  {
    name: '/my-account/: PasswordInput',
    path: 'dist/index.js',
    import: '{ PasswordInput }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '3.58 kB',
  },
  {
    name: 'every page: StoreNotice',
    path: 'dist/index.js',
    import: '{ StoreNotice }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.07 kB',
  },
  {
    name: "every page's header: SiteSearch",
    path: 'dist/index.js',
    import: '{ SiteSearch }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '1.95 kB',
  },
  {
    name: 'footer: SubscriptionForm + ComingSoonBanner',
    path: 'dist/index.js',
    import: '{ SubscriptionForm, ComingSoonBanner }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '4.68 kB',
  },
  {
    name: 'every page: SkipLink + AnnouncerProvider + MessagesProvider',
    path: 'dist/index.js',
    import: '{ SkipLink, AnnouncerProvider, MessagesProvider }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '2.82 kB',
  },
  {
    // An app's own texts through ui-components' machinery (decision 0072): what a storefront's
    // every page carries for its translator, beside its catalogue's texts.
    name: "every page: an app's translator, createTranslator + extendTranslator",
    path: 'dist/index.js',
    import: '{ createTranslator, extendTranslator }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '1.15 kB',
  },
  {
    name: 'the announcer queue, loaded with the first announcement (a lazy chunk)',
    path: 'dist/announcer.js',
    import: '{ createAnnouncer }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '0.9 kB',
  },
  {
    name: 'the notices focus and scroll, loaded with the first alert notice (a lazy chunk)',
    path: 'dist/page-behaviours.js',
    import: '{ showAlertNotice }',
    ignore: ['react', 'react-dom', 'react/jsx-runtime'],
    limit: '0.85 kB',
  },
  {
    name: 'styles.css',
    path: 'dist/styles.css',
    limit: '3 kB',
  },
];

export default checks.map((check) => ({ ...check, modifyEsbuildConfig: lazyChunksApart }));
