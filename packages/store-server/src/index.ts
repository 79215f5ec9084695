export { createStore, DEFAULT_DATA_DIR } from './store';
export type { Store, StoreOptions } from './store';
export type { DatabaseDriver } from './db/client';
export { StoreServerError, isStoreServerError } from './errors';
export type { StoreServerErrorCode } from './errors';
export type { AdministratorCredentials } from './users/users';
export type { MailOptions } from './email/mailer';
export { isCartLinkUrl } from './routes/wc-ajax';
