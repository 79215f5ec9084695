export { UiComponentsError, isUiComponentsError } from './errors';
export type { UiComponentsErrorCode, UiComponentsErrorOptions } from './errors';
export {
  CORE_MESSAGES,
  createTranslator,
  defaultTranslator,
  formatMessage,
  addMessages,
  extendTranslator,
} from './messages';
export { checkMessages } from './messages-check';
export { DEFAULT_MESSAGES } from './default-messages';
export { COMING_SOON_MESSAGES } from './messages-coming-soon';
export { CONSENT_MESSAGES } from './messages-consent';
export { FILTER_MESSAGES } from './messages-filters';
export { SHIPPING_RATES_MESSAGES } from './messages-shipping-rates';
export { COUPON_FORM_MESSAGES } from './messages-coupon-form';
export { MINI_CART_MESSAGES } from './messages-mini-cart';
export { SITE_SEARCH_MESSAGES } from './messages-site-search';
export { SUBSCRIPTION_MESSAGES } from './messages-subscription';
export { VARIATION_SELECTS_MESSAGES } from './messages-variation-selects';
export { ADD_TO_CART_MESSAGES } from './messages-add-to-cart';
export { ADDRESS_MESSAGES } from './messages-address';
export { CATALOG_ORDERING_MESSAGES } from './messages-catalog-ordering';
export { PAGINATION_MESSAGES } from './messages-pagination';
export { PASSWORD_MESSAGES } from './messages-password';
export { PRODUCT_CARD_MESSAGES } from './messages-product-card';
export { RESULT_COUNT_MESSAGES } from './messages-result-count';
export type {
  MessageKey,
  MessageValues,
  Messages,
  PluralMessage,
  Translator,
  TranslatorOptions,
} from './messages';
export { MessagesProvider, useMessages } from './MessagesProvider';
export type { MessagesProviderProps } from './MessagesProvider';
export { ANNOUNCER_CLEAR_MS, ANNOUNCER_GAP_MS, createAnnouncer } from './announcer';
export type {
  AnnounceOptions,
  Announcement,
  Announcer,
  AnnouncerOptions,
  AnnouncerSnapshot,
  CancelAnnouncement,
  Politeness,
} from './announcer';
export { mountAnnouncer } from './announcer-dom';
export { createDeferredAnnouncer } from './announcer-deferred';
export type {
  AnnouncerModule,
  DeferredAnnouncer,
  DeferredAnnouncerOptions,
} from './announcer-deferred';
export { AnnouncerProvider, useAnnounce, useAnnouncement } from './AnnouncerProvider';
export type { AnnouncerProviderProps } from './AnnouncerProvider';
export {
  ALERT_FOCUS_DELAY_MS,
  SCROLL_TO_NOTICE_DURATION_MS,
  SCROLL_TO_NOTICE_OFFSET_PX,
  alertFocusSince,
  focusAlertAfterLoad,
  scrollToNotice,
  showAlertNotice,
} from './page-behaviours';
export type {
  BehaviourTimers,
  FocusAlertOptions,
  NoticeArrival,
  ScrollToNoticeOptions,
  ScrollWindow,
} from './page-behaviours';
export {
  AlertNotice,
  PageBehavioursProvider,
  SkipLink,
  useAlertFocus,
  useScrollToNotice,
} from './PageBehaviours';
export {
  FIELD_DESCRIPTION_SLIDE_MS,
  FieldDescription,
  useFieldDescription,
} from './FieldDescription';
export type { FieldDescriptionProps, FieldDescriptionState } from './FieldDescription';
export type {
  AlertNoticeProps,
  PageBehavioursModule,
  PageBehavioursProviderProps,
  SkipLinkProps,
} from './PageBehaviours';
export { currencyFromStoreApi, formatPrice } from './currency';
export type { Currency, StoreApiCurrencyFields } from './currency';
export { Price, PriceRange } from './Price';
export type { PriceProps, PriceRangeProps } from './Price';
export { ProductCard } from './ProductCard';
export type { ProductCardImage, ProductCardPrice, ProductCardProps } from './ProductCard';
export { ProductGrid } from './ProductGrid';
export type { ProductGridProps } from './ProductGrid';
export { CatalogOrdering } from './CatalogOrdering';
export { CATALOG_ORDERINGS, isCatalogOrderBy, SEARCH_ORDERINGS } from './catalog-orderings';
export type { CatalogOrderingProps } from './CatalogOrdering';
export type { CatalogOrderBy } from './catalog-orderings';
export { RESULT_COUNT_REANNOUNCE_MS, ResultCount, resultCountText } from './ResultCount';
export type { ResultCountProps } from './ResultCount';
export { Pagination } from './Pagination';
export type { PaginationLinkProps, PaginationProps } from './Pagination';
export { PriceFilter } from './PriceFilter';
export type { PriceFilterProps } from './PriceFilter';
export { AttributeFilter } from './AttributeFilter';
export type {
  AttributeFilterLinkProps,
  AttributeFilterProps,
  AttributeFilterTerm,
} from './AttributeFilter';
export { VariationSelects } from './VariationSelects';
export type { VariationSelectsProps } from './VariationSelects';
export { chosenVariation, variationOptionState } from './variation-choice';
export type {
  VariationAttribute,
  VariationCandidate,
  VariationChoice,
  VariationOptionState,
  VariationSelection,
} from './variation-choice';
export { ShippingRates, shippingRatesField } from './ShippingRates';
export type { ShippingRatesPackage, ShippingRatesProps, ShippingRatesRate } from './ShippingRates';
export { SiteSearch } from './SiteSearch';
export type { SiteSearchProps } from './SiteSearch';
export { CouponForm } from './CouponForm';
export type { CouponFormCoupon, CouponFormOutcome, CouponFormProps } from './CouponForm';
export { AddToCartButton, addToCartLabel, addToCartSuccessMessage } from './AddToCartButton';
export type {
  AddToCartButtonProps,
  AddToCartData,
  AddToCartLinkProps,
  AddToCartStatus,
} from './AddToCartButton';
export { MiniCart, removeFromCartLabel } from './MiniCart';
export type { MiniCartItem, MiniCartProps } from './MiniCart';
export { CartCount, cartCountLabel } from './CartCount';
export type { CartCountProps } from './CartCount';
export { QuantityInput } from './QuantityInput';
export type { QuantityInputProps } from './QuantityInput';
export { BLOCK_OVERLAY_OPACITY, BlockOverlay } from './BlockOverlay';
export type { BlockOverlayProps } from './BlockOverlay';
export { CONSENT_BANNER_CATEGORIES, ConsentBanner } from './ConsentBanner';
export type {
  ConsentBannerCategory,
  ConsentBannerCategoryId,
  ConsentBannerChoices,
  ConsentBannerDecision,
  ConsentBannerProps,
  ConsentBannerState,
} from './ConsentBanner';
export { AddressFields } from './AddressFields';
export type {
  AddressFieldName,
  AddressFieldsLabelSegment,
  AddressFieldsOption,
  AddressFieldsProps,
  AddressFieldsSuggestions,
  AddressFieldsType,
} from './AddressFields';
export { PasswordInput } from './PasswordInput';
export type { PasswordInputProps } from './PasswordInput';
export {
  STORE_NOTICE_HIDDEN,
  isStoreNoticeHidden,
  storeNoticeCookieName,
  storeNoticeDismissCookie,
} from './store-notice';
export { StoreNotice } from './StoreNotice';
export type { StoreNoticeProps } from './StoreNotice';
export { COMING_SOON_DISMISS_BODY } from './coming-soon-dismiss';
export { ComingSoonBanner, sendComingSoonDismissal } from './ComingSoonBanner';
export type { ComingSoonBannerProps } from './ComingSoonBanner';
export { nestFields } from './subscription';
export type { SubscriptionPayload } from './subscription';
export { SUBSCRIPTION_HONEYPOT, SubscriptionForm } from './SubscriptionForm';
export type { SubscriptionFormProps, SubscriptionStatus } from './SubscriptionForm';
