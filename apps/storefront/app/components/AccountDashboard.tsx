import { Link } from '../lib/routing';
import { AccountLayout } from '../lib/account-nav';
import { accountDashboardT } from '../messages-account-dashboard';
import { RichMessage } from './RichMessage';

/**
 * A logged-in customer's /my-account/: WooCommerce's account navigation and the dashboard's
 * greeting and links. A chunk of its own (decision 0068): a guest's /my-account/, the login
 * page, does not load it.
 */
export function AccountDashboard({
  displayName,
  logoutUrl,
}: {
  displayName: string;
  logoutUrl: string | null;
}) {
  return (
    <AccountLayout logoutUrl={logoutUrl}>
      <p>
        <RichMessage
          id="account.hello"
          t={accountDashboardT}
          parts={{
            name: <strong>{displayName}</strong>,
            logout: logoutUrl ? (
              <a href={logoutUrl}>{accountDashboardT.format('account.nav.logout')}</a>
            ) : (
              accountDashboardT.format('account.nav.logout')
            ),
          }}
        />
      </p>
      <p>
        <RichMessage
          id="account.dashboard"
          t={accountDashboardT}
          parts={{
            orders: (
              <Link to="/my-account/orders/">
                {accountDashboardT.format('account.recentOrders')}
              </Link>
            ),
            addresses: (
              <Link to="/my-account/edit-address/">
                {accountDashboardT.format('account.addressesLink')}
              </Link>
            ),
            details: (
              <Link to="/my-account/edit-account/">
                {accountDashboardT.format('account.dashboardDetails')}
              </Link>
            ),
          }}
        />
      </p>
    </AccountLayout>
  );
}
