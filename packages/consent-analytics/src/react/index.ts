export { useConsent } from './use-consent';
