/**
 * The body the coming-soon banner's dismissal sends (wire contract §2.2; brackets
 * percent-encoded, as jQuery does). A module of its own, so an app that sends the dismissal
 * through its own client bundles this string, not the banner with it.
 */
export const COMING_SOON_DISMISS_BODY = 'woocommerce_meta%5Bcoming_soon_banner_dismissed%5D=yes';
