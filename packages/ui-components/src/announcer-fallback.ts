// The code of `useAnnounce()` without a provider, one chunk: the queue and the regions' renderer.
export { createAnnouncer } from './announcer';
export { mountAnnouncer } from './announcer-dom';
