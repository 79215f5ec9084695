/**
 * An island page's announcer code (decision 0083), loaded with its first announcement: the queue
 * (`createAnnouncer`), and the DOM code that writes its messages into the live regions the server
 * rendered (`attachAnnouncer`), since no React root renders those regions there.
 */
export { createAnnouncer } from '@cartwright/ui-components/announcer';
export { attachAnnouncer } from '@cartwright/ui-components/announcer-attach';
