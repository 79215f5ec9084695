import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';

/** The forms' code (fields, password toggle, attribution inputs, texts): one chunk for both. */
const loadForms = () => loadRouteChunk('account-islands', () => import('./account-islands'));

// A guest's login and register forms on /my-account/ are server-rendered and hydrated when the
// shopper comes to one (a pointer over it, focus in it, a touch; decision 0068). Until then each
// is the plain form post it is without JavaScript; what is typed meanwhile carries over, and a
// submit (or a click on its button) made before the code is in is held and sent by the live
// form. Defined here, not in the route's module, for the island page's runtime too
// (`app/islands.client.tsx`), which never loads the route's module.
export const LoginIsland = island({
  name: 'account-login',
  routes: ['routes/account'],
  onIslandPages: true,
  load: async () => (await loadForms()).LoginForm,
  server: import.meta.env.SSR ? (await import('./account-islands')).LoginForm : undefined,
});
export const RegisterIsland = island({
  name: 'account-register',
  routes: ['routes/account'],
  onIslandPages: true,
  load: async () => (await loadForms()).RegisterForm,
  server: import.meta.env.SSR ? (await import('./account-islands')).RegisterForm : undefined,
});
