export { createSerialQueue } from './queue';
export type { SerialQueue } from './queue';
