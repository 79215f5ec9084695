import { redirect } from 'react-router';

// The demo store has no front page of its own: the shop is the home page.
export function loader() {
  return redirect('/shop/', 302);
}
