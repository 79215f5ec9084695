<?php
/**
 * The cartwright/v1 routes, in the shapes, codes and statuses Cartwright's store-server answers
 * (packages/store-server/src/routes/{settings,notices,account}.ts in the Cartwright repository).
 *
 * Shoppers only read: the settings and notices every visitor sees, and their own account. The
 * only writes are the shopper's own login, registration, saved addresses, account details and
 * password (by the current password, or by the key of an emailed reset link).
 */

defined( 'ABSPATH' ) || exit;

final class Cartwright_Companion {

	const NS = 'cartwright/v1';

	const LOGIN_NONCE_FIELD    = 'woocommerce-login-nonce';
	const REGISTER_NONCE_FIELD = 'woocommerce-register-nonce';

	/** The lost-password, new-password and account-details forms' nonce fields (WooCommerce's names). */
	const LOST_PASSWORD_NONCE_FIELD   = 'woocommerce-lost-password-nonce';
	const RESET_PASSWORD_NONCE_FIELD  = 'woocommerce-reset-password-nonce';
	const ACCOUNT_DETAILS_NONCE_FIELD = 'save-account-details-nonce';

	/** Login attempts per client and per account name in 15 minutes; sign-ups per client an hour. */
	const LOGIN_PER_CLIENT  = 30;
	const LOGIN_PER_ACCOUNT = 10;
	const LOGIN_WINDOW      = 900;
	const REGISTER_PER_HOUR = 10;

	/** Reset emails asked for per client and per name asked (known or not) an hour. */
	const LOST_PASSWORD_PER_CLIENT  = 10;
	const LOST_PASSWORD_PER_ACCOUNT = 3;

	/** The longest name, display name or email the account-details form keeps. */
	const MAX_NAME_LENGTH = 250;

	/** The roles that see the coming-soon banner. */
	const BANNER_ROLES = array( 'administrator', 'shop_manager' );

	public static function register_routes() {
		$open = '__return_true';
		register_rest_route(
			self::NS,
			'/settings',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'settings' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/notices',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'notices' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/account',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'account' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/account/login',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'login' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/account/lost-password',
			array(
				array(
					'methods'             => 'GET',
					'callback'            => array( __CLASS__, 'reset_nonces' ),
					'permission_callback' => $open,
				),
				array(
					'methods'             => 'POST',
					'callback'            => array( __CLASS__, 'lost_password' ),
					'permission_callback' => $open,
				),
			)
		);
		register_rest_route(
			self::NS,
			'/account/reset-password/check',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'check_reset_key' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/account/reset-password',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'reset_password' ),
				'permission_callback' => $open,
			)
		);
		register_rest_route(
			self::NS,
			'/account/details',
			array(
				array(
					'methods'             => 'GET',
					'callback'            => array( __CLASS__, 'details' ),
					'permission_callback' => array( __CLASS__, 'customer_only' ),
				),
				array(
					'methods'             => 'POST',
					'callback'            => array( __CLASS__, 'save_details' ),
					'permission_callback' => array( __CLASS__, 'customer_only' ),
				),
			)
		);
		register_rest_route(
			self::NS,
			'/account/register',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'register' ),
				'permission_callback' => $open,
			)
		);
		$paging = array(
			'page'     => array(
				'type'              => 'integer',
				'minimum'           => 1,
				'validate_callback' => 'rest_validate_request_arg',
				'sanitize_callback' => 'rest_sanitize_request_arg',
			),
			'per_page' => array(
				'type'              => 'integer',
				'minimum'           => 1,
				'maximum'           => 100,
				'validate_callback' => 'rest_validate_request_arg',
				'sanitize_callback' => 'rest_sanitize_request_arg',
			),
		);
		register_rest_route(
			self::NS,
			'/account/orders',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'orders' ),
				'permission_callback' => array( __CLASS__, 'customer_only' ),
				'args'                => $paging,
			)
		);
		register_rest_route(
			self::NS,
			'/account/addresses',
			array(
				'methods'             => 'GET',
				'callback'            => array( __CLASS__, 'addresses' ),
				'permission_callback' => array( __CLASS__, 'customer_only' ),
			)
		);
		register_rest_route(
			self::NS,
			'/account/addresses/(?P<type>billing|shipping)',
			array(
				'methods'             => 'POST, PUT',
				'callback'            => array( __CLASS__, 'save_address' ),
				'permission_callback' => array( __CLASS__, 'customer_only' ),
			)
		);
	}

	/**
	 * WordPress answers every REST request with credentialed CORS headers for the request's
	 * Origin. These routes hand out nonces and personal data by login cookie, so another site's
	 * script must never read them: the headers are taken off again for this namespace.
	 */
	public static function no_credentialed_cors( $served, $result, $request, $server ) {
		if ( $request instanceof WP_REST_Request && 0 === strpos( $request->get_route(), '/' . self::NS . '/' ) ) {
			header_remove( 'Access-Control-Allow-Origin' );
			header_remove( 'Access-Control-Allow-Credentials' );
		}
		return $served;
	}

	// ---------------------------------------------------------------- helpers

	private static function header( $name ) {
		$key = 'HTTP_' . strtoupper( str_replace( '-', '_', $name ) );
		return isset( $_SERVER[ $key ] ) ? strtolower( trim( wp_unslash( $_SERVER[ $key ] ) ) ) : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
	}

	private static function origin_of( $url ) {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return null;
		}
		$origin = strtolower( $parts['scheme'] . '://' . $parts['host'] );
		return isset( $parts['port'] ) ? $origin . ':' . $parts['port'] : $origin;
	}

	/**
	 * Whether the request comes from another site's page: its `Origin` is not this site's (or the
	 * storefront proxy's forwarded host), or, without `Origin`, `Sec-Fetch-Site` says so. A request
	 * with neither header is not from a browser a foreign page drives (server-side calls, curl).
	 */
	public static function is_cross_site() {
		$origin = self::header( 'Origin' );
		if ( null !== $origin ) {
			if ( 'null' === $origin ) {
				return true;
			}
			$allowed = array( self::origin_of( home_url( '/' ) ), self::origin_of( site_url( '/' ) ) );
			$forwarded = self::header( 'X-Forwarded-Host' );
			if ( null !== $forwarded && '' !== $forwarded ) {
				$proto     = self::header( 'X-Forwarded-Proto' ) === 'https' ? 'https' : 'http';
				$allowed[] = self::origin_of( $proto . '://' . $forwarded );
			}
			return ! in_array( self::origin_of( $origin ), $allowed, true );
		}
		$site = self::header( 'Sec-Fetch-Site' );
		return null !== $site && 'same-origin' !== $site && 'none' !== $site;
	}

	/**
	 * The user of the request's logged-in cookie, even without `X-WP-Nonce` (WordPress's REST
	 * treats such a request as logged out). Used only by the read-only routes that say who is
	 * logged in, and never for a cross-site request; 0 for a guest.
	 */
	public static function cookie_user_id() {
		if ( self::is_cross_site() ) {
			return 0;
		}
		$id = wp_validate_auth_cookie( '', 'logged_in' );
		return $id ? (int) $id : 0;
	}

	private static function error( $code, $message, $status, $data = array() ) {
		return new WP_Error( $code, $message, array_merge( array( 'status' => $status ), $data ) );
	}

	private static function no_cache( $body, $status = 200 ) {
		$response = rest_ensure_response( $body );
		$response->set_status( $status );
		$response->header( 'Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private' );
		return $response;
	}

	private static function field( WP_REST_Request $request, $name ) {
		$value = $request->get_param( $name );
		return is_string( $value ) ? $value : null;
	}

	/** The shopper's WooCommerce session (and cart), loaded as the Store API loads it. */
	private static function load_session() {
		if ( function_exists( 'wc_load_cart' ) ) {
			wc_load_cart();
		}
	}

	/** Keeps `$_COOKIE` in step with a login cookie set in this request, for the nonces made next. */
	public static function remember_logged_in_cookie( $cookie ) {
		$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie;
	}

	/**
	 * The client a login or sign-up is counted against: `REMOTE_ADDR`. Behind a proxy that is the
	 * proxy (the Cartwright storefront's server calls these routes itself), so a site that knows
	 * its trusted proxy's forwarded header filters `cartwright_companion_client_address`.
	 */
	private static function client_key() {
		$address = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) $_SERVER['REMOTE_ADDR'] : 'unknown'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput
		return (string) apply_filters( 'cartwright_companion_client_address', $address );
	}

	/**
	 * Counts one hit in a fixed window kept in a transient. Returns the seconds to wait when the
	 * limit is passed, else 0.
	 */
	private static function hit( $name, $key, $limit, $window ) {
		$transient = 'cwc_' . $name . '_' . md5( $key );
		$now       = time();
		$state     = get_transient( $transient );
		if ( ! is_array( $state ) || $state['until'] <= $now ) {
			$state = array(
				'count' => 0,
				'until' => $now + $window,
			);
		}
		++$state['count'];
		set_transient( $transient, $state, max( 1, $state['until'] - $now ) );
		return $state['count'] > $limit ? max( 1, $state['until'] - $now ) : 0;
	}

	private static function refund( $name, $key ) {
		$transient = 'cwc_' . $name . '_' . md5( $key );
		$state     = get_transient( $transient );
		if ( is_array( $state ) && $state['count'] > 0 ) {
			--$state['count'];
			set_transient( $transient, $state, max( 1, $state['until'] - time() ) );
		}
	}

	private static function too_many( $seconds ) {
		$error = self::error(
			'too_many_requests',
			sprintf( 'Too many attempts. Please wait %d %s before trying again.', $seconds, 1 === $seconds ? 'second' : 'seconds' ),
			429
		);
		add_filter(
			'rest_post_dispatch',
			function ( $response ) use ( $seconds ) {
				if ( $response instanceof WP_REST_Response ) {
					$response->header( 'Retry-After', (string) $seconds );
				}
				return $response;
			}
		);
		return $error;
	}

	private static function cross_site() {
		return self::error( 'cartwright_cross_site_login', 'This form was sent from another site. Please log in from this site.', 403 );
	}

	private static function expired() {
		return self::error( 'cartwright_invalid_nonce', 'Your session has expired. Please try again.', 403 );
	}

	/** The store currency fields, as the Store API sends them beside a price. */
	private static function currency( $code = null ) {
		$code     = $code ? $code : get_woocommerce_currency();
		$symbol   = html_entity_decode( get_woocommerce_currency_symbol( $code ), ENT_QUOTES, 'UTF-8' );
		$position = get_option( 'woocommerce_currency_pos', 'left' );
		$prefix   = '';
		$suffix   = '';
		if ( 'left' === $position ) {
			$prefix = $symbol;
		} elseif ( 'left_space' === $position ) {
			$prefix = $symbol . ' ';
		} elseif ( 'right' === $position ) {
			$suffix = $symbol;
		} else {
			$suffix = ' ' . $symbol;
		}
		return array(
			'currency_code'               => $code,
			'currency_symbol'             => $symbol,
			'currency_minor_unit'         => wc_get_price_decimals(),
			'currency_decimal_separator'  => wc_get_price_decimal_separator(),
			'currency_thousand_separator' => wc_get_price_thousand_separator(),
			'currency_prefix'             => $prefix,
			'currency_suffix'             => $suffix,
		);
	}

	// ---------------------------------------------------------------- settings and notices

	/**
	 * The analytics common properties of this viewer, as WooCommerce Analytics prints them into
	 * `wcAnalytics.commonProps` (without `device`, which the browser knows, and the session fields).
	 */
	private static function analytics_common_props( $viewer ) {
		$user  = $viewer > 0 ? get_userdata( $viewer ) : false;
		$admin = $user && array_intersect( self::BANNER_ROLES, (array) $user->roles );
		$blog  = class_exists( 'Jetpack_Options' ) ? (int) Jetpack_Options::get_option( 'id' ) : 0;
		return array(
			'blog_id'        => $blog > 0 ? $blog : get_current_blog_id(),
			'store_id'       => (string) get_option( 'woocommerce_store_id', '' ),
			'ui'             => $user ? (int) $viewer : 0,
			'url'            => home_url(),
			'woo_version'    => defined( 'WC_VERSION' ) ? WC_VERSION : (string) get_option( 'woocommerce_version', '' ),
			'wp_version'     => (string) get_bloginfo( 'version' ),
			'store_admin'    => $admin ? 1 : 0,
			'store_currency' => get_woocommerce_currency(),
			'timezone'       => wp_timezone_string(),
			'is_guest'       => $user ? 0 : 1,
		);
	}

	/**
	 * WooCommerce Analytics' feature flags, as it prints them into `wcAnalytics.features`:
	 * Jetpack's own answer when its analytics package is here, else the same filters with the
	 * same defaults (`sessionTracking` is always the value of `ch`).
	 */
	private static function analytics_features() {
		$features = 'Automattic\\Woocommerce_Analytics\\Features';
		if ( class_exists( $features ) && method_exists( $features, 'is_clickhouse_enabled' )
			&& method_exists( $features, 'is_proxy_tracking_enabled' ) ) {
			$ch    = (bool) call_user_func( array( $features, 'is_clickhouse_enabled' ) );
			$proxy = (bool) call_user_func( array( $features, 'is_proxy_tracking_enabled' ) );
		} else {
			$ch    = (bool) apply_filters( 'woocommerce_analytics_clickhouse_enabled', false );
			$proxy = (bool) apply_filters( 'woocommerce_analytics_experimental_proxy_tracking_enabled', true );
		}
		return array(
			'ch'              => $ch,
			'sessionTracking' => $ch,
			'proxy'           => $proxy,
		);
	}

	/** The terms and conditions page WooCommerce's checkout asks the shopper to accept, or null. */
	private static function terms_url() {
		$page_id = function_exists( 'wc_terms_and_conditions_page_id' ) ? (int) wc_terms_and_conditions_page_id() : 0;
		if ( $page_id <= 0 || 'publish' !== get_post_status( $page_id ) ) {
			return null;
		}
		$url = get_permalink( $page_id );
		return is_string( $url ) && '' !== $url ? $url : null;
	}

	/** WooCommerce's tax options, under the names the store-server answers them. */
	private static function tax_options() {
		return array(
			'calc_taxes'         => wc_tax_enabled(),
			'prices_include_tax' => wc_prices_include_tax(),
			'tax_display_shop'   => 'incl' === get_option( 'woocommerce_tax_display_shop', 'excl' ) ? 'incl' : 'excl',
			'tax_display_cart'   => 'incl' === get_option( 'woocommerce_tax_display_cart', 'excl' ) ? 'incl' : 'excl',
		);
	}

	/** `GET settings`: what the storefront needs to render a page, from the shop's options. */
	public static function settings( WP_REST_Request $request ) {
		$notice_on   = 'yes' === get_option( 'woocommerce_demo_store', 'no' );
		$notice_text = (string) get_option( 'woocommerce_demo_store_notice', '' );
		$coming_soon = 'yes' === get_option( 'woocommerce_coming_soon', 'no' );

		$banner = null;
		$viewer = self::cookie_user_id();
		if ( $coming_soon && $viewer > 0 ) {
			$user = get_userdata( $viewer );
			if ( $user && array_intersect( self::BANNER_ROLES, (array) $user->roles )
				&& 'yes' !== get_user_meta( $viewer, 'woocommerce_coming_soon_banner_dismissed', true ) ) {
				$previous = get_current_user_id();
				wp_set_current_user( $viewer );
				$banner = array(
					'rest_url'   => rest_url( 'wp/v2/users/' . $viewer ),
					'rest_nonce' => wp_create_nonce( 'wp_rest' ),
				);
				wp_set_current_user( $previous );
			}
		}

		$body = array(
			'cart_redirect_after_add'        => get_option( 'woocommerce_cart_redirect_after_add', 'no' ) === 'yes' ? 'yes' : 'no',
			'cart_url'                       => wc_get_cart_url(),
			'checkout_url'                   => wc_get_checkout_url(),
			'shop_url'                       => wc_get_page_permalink( 'shop' ),
			'wc_ajax_url'                    => WC_AJAX::get_endpoint( '%%endpoint%%' ),
			'currency'                       => self::currency(),
			// No address search here: the storefront keeps address autocomplete off.
			'address_providers'              => array(),
			'address_autocomplete_countries' => array(),
			'store_notice'                   => $notice_on && '' !== $notice_text
				? array(
					'id'   => md5( $notice_text ),
					'text' => $notice_text,
				)
				: null,
			'coming_soon'                    => $coming_soon,
			'coming_soon_banner'             => $banner,
			// No subscription route here: the storefront leaves its subscription form out.
			'subscription_endpoint'          => null,
			'analytics_common_props'         => self::analytics_common_props( $viewer ),
			'analytics_features'             => self::analytics_features(),
			// The checkout's terms checkbox links here; null: the shop has no terms page.
			'terms_url'                      => self::terms_url(),
			'tax'                            => self::tax_options(),
		);
		// Only with cookie and X-WP-Nonce, as WordPress's REST authenticates.
		if ( current_user_can( 'manage_woocommerce' ) ) {
			$body['site_settings'] = array(
				'store_notice' => array(
					'enabled' => $notice_on,
					'text'    => $notice_text,
				),
				'coming_soon'  => $coming_soon,
			);
		}
		return self::no_cache( $body );
	}

	/** `GET notices`: the session's WooCommerce notices, handed out once, as plain text. */
	public static function notices( WP_REST_Request $request ) {
		$notices = array();
		self::load_session();
		if ( function_exists( 'wc_get_notices' ) && WC()->session && WC()->session->has_session() ) {
			foreach ( wc_get_notices() as $type => $list ) {
				// WooCommerce's own types, as the store-server names them: success, error, notice.
				$type = in_array( $type, array( 'success', 'error', 'notice' ), true ) ? $type : 'notice';
				foreach ( (array) $list as $notice ) {
					$text = is_array( $notice ) ? (string) ( $notice['notice'] ?? '' ) : (string) $notice;
					$item = array( 'type' => $type );
					// WooCommerce puts its button ("View cart", "Continue shopping") into the HTML;
					// the wire has plain text and the first link apart, as a same-site path.
					if ( strlen( $text ) < 10000 && preg_match( '/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/s', $text, $match ) ) {
						$text         = str_replace( $match[0], '', $text );
						$item['link'] = array(
							'href'  => wp_make_link_relative( html_entity_decode( $match[1], ENT_QUOTES, 'UTF-8' ) ),
							'label' => trim( html_entity_decode( wp_strip_all_tags( $match[2] ), ENT_QUOTES, 'UTF-8' ) ),
						);
					}
					$item['message'] = trim( html_entity_decode( wp_strip_all_tags( $text ), ENT_QUOTES, 'UTF-8' ) );
					$notices[]       = $item;
				}
			}
			wc_clear_notices();
		}
		return self::no_cache( array( 'notices' => $notices ) );
	}

	// ---------------------------------------------------------------- account

	/** The account as the forms and pages need it, with nonces of the request's login now. */
	private static function account_view( $user ) {
		$logged_in = $user instanceof WP_User && $user->ID > 0;
		return array(
			'logged_in'    => $logged_in,
			'id'           => $logged_in ? (int) $user->ID : 0,
			'username'     => $logged_in ? $user->user_login : '',
			'display_name' => $logged_in ? $user->display_name : '',
			'roles'        => $logged_in ? array_values( (array) $user->roles ) : array(),
			'nonces'       => array(
				'wp_rest'                  => wp_create_nonce( 'wp_rest' ),
				self::LOGIN_NONCE_FIELD    => wp_create_nonce( 'woocommerce-login' ),
				self::REGISTER_NONCE_FIELD => wp_create_nonce( 'woocommerce-register' ),
			),
			'logout_url'   => $logged_in
				? '/wp-login.php?action=logout&redirect_to=' . rawurlencode( '/my-account/' ) . '&_wpnonce=' . wp_create_nonce( 'log-out' )
				: null,
		);
	}

	/**
	 * Acts as the request's cookie user (same-site requests only): the nonces a form carries were
	 * made for that login, so they are checked for it too.
	 */
	private static function act_as_cookie_user() {
		$id = self::cookie_user_id();
		if ( $id > 0 ) {
			wp_set_current_user( $id );
			return wp_get_current_user();
		}
		self::load_session();
		if ( WC()->session ) {
			// A guest gets a session, so the login and register nonces have someone to belong to.
			WC()->session->set_customer_session_cookie( true );
		}
		return null;
	}

	/** `GET account`: who is logged in (by the login cookie) and the nonces the forms need. */
	public static function account( WP_REST_Request $request ) {
		return self::no_cache( self::account_view( self::act_as_cookie_user() ) );
	}

	/** `POST account/login`: WooCommerce's my-account login form, through `wp_signon`. */
	public static function login( WP_REST_Request $request ) {
		if ( self::is_cross_site() ) {
			return self::cross_site();
		}
		self::act_as_cookie_user();
		if ( ! wp_verify_nonce( (string) self::field( $request, self::LOGIN_NONCE_FIELD ), 'woocommerce-login' ) ) {
			return self::expired();
		}
		$username = trim( (string) self::field( $request, 'username' ) );
		$password = (string) self::field( $request, 'password' );
		if ( '' === $username ) {
			return self::error( 'empty_username', 'Username is required.', 400 );
		}
		if ( '' === $password ) {
			return self::error( 'empty_password', 'The password field is empty.', 400 );
		}
		// WordPress itself does not limit logins: counted per client and per account name first.
		$account = strtolower( $username );
		$client  = self::hit( 'login_client', self::client_key(), self::LOGIN_PER_CLIENT, self::LOGIN_WINDOW );
		$named   = self::hit( 'login_account', $account, self::LOGIN_PER_ACCOUNT, self::LOGIN_WINDOW );
		if ( $client > 0 || $named > 0 ) {
			return self::too_many( max( $client, $named ) );
		}
		add_action( 'set_logged_in_cookie', array( __CLASS__, 'remember_logged_in_cookie' ) );
		// wp_signon runs the site's `authenticate` filters, so login-limit plugins apply as well.
		$user = wp_signon(
			array(
				'user_login'    => $username,
				'user_password' => $password,
				'remember'      => null !== self::field( $request, 'rememberme' ),
			),
			is_ssl()
		);
		if ( is_wp_error( $user ) ) {
			return self::error( 'invalid_credentials', 'The username or password you entered is incorrect.', 401 );
		}
		delete_transient( 'cwc_login_account_' . md5( $account ) );
		self::refund( 'login_client', self::client_key() );
		wp_set_current_user( $user->ID );
		return self::no_cache( self::account_view( $user ) );
	}

	/** `POST account/register`: WooCommerce's my-account register form; logs the customer in. */
	public static function register( WP_REST_Request $request ) {
		if ( self::is_cross_site() ) {
			return self::cross_site();
		}
		self::act_as_cookie_user();
		if ( ! wp_verify_nonce( (string) self::field( $request, self::REGISTER_NONCE_FIELD ), 'woocommerce-register' ) ) {
			return self::expired();
		}
		// The shop owner's "allow customers to create an account on the My account page".
		if ( 'yes' !== get_option( 'woocommerce_enable_myaccount_registration', 'no' ) ) {
			return self::error( 'cartwright_registration_disabled', 'Registration is not enabled on this store.', 403 );
		}
		$wait = self::hit( 'register_client', self::client_key(), self::REGISTER_PER_HOUR, HOUR_IN_SECONDS );
		if ( $wait > 0 ) {
			return self::too_many( $wait );
		}
		$email    = strtolower( trim( (string) self::field( $request, 'email' ) ) );
		$username = trim( (string) self::field( $request, 'username' ) );
		$password = (string) self::field( $request, 'password' );
		$messages = array(
			'registration-error-invalid-email'    => 'Please provide a valid email address.',
			'registration-error-email-exists'     => 'An account is already registered with your email address. Please log in.',
			'registration-error-invalid-username' => 'Please enter a valid account username.',
			'registration-error-username-exists'  => 'An account is already registered with that username. Please choose another.',
			'registration-error-missing-password' => 'Please enter an account password.',
		);
		$refused = null;
		if ( '' === $email || ! is_email( $email ) ) {
			$refused = 'registration-error-invalid-email';
		} elseif ( email_exists( $email ) ) {
			$refused = 'registration-error-email-exists';
		} elseif ( '' === $password ) {
			// Checked here, whatever the shop's "generate a password" setting: the form sends one.
			$refused = 'registration-error-missing-password';
		} elseif ( self::is_weak_password( $password, self::personal_words( $email, $username ) ) ) {
			// The store-server's strength rule, as the new-password and account-details forms apply it.
			self::refund( 'register_client', self::client_key() );
			return self::error( 'registration-error-weak-password', 'Please enter a stronger password.', 400, array( 'hint' => wp_get_password_hint() ) );
		}
		$id = null;
		if ( null === $refused ) {
			$id = wc_create_new_customer( $email, $username, $password, array( 'source' => 'cartwright-companion' ) );
			if ( is_wp_error( $id ) ) {
				$refused = isset( $messages[ $id->get_error_code() ] ) ? $id->get_error_code() : null;
				if ( null === $refused ) {
					self::refund( 'register_client', self::client_key() );
					return self::error( $id->get_error_code(), wp_strip_all_tags( $id->get_error_message() ), 400 );
				}
			}
		}
		if ( null !== $refused ) {
			self::refund( 'register_client', self::client_key() );
			return self::error( $refused, $messages[ $refused ], 400 );
		}
		// The register form's attribution inputs, kept as customer meta ("(none)" and empty skipped).
		foreach ( $request->get_params() as $name => $value ) {
			if ( is_string( $name ) && 0 === strpos( $name, 'wc_order_attribution_' ) && is_string( $value ) ) {
				$value = sanitize_text_field( $value );
				if ( '' !== $value && '(none)' !== $value ) {
					update_user_meta( $id, '_' . $name, $value );
				}
			}
		}
		add_action( 'set_logged_in_cookie', array( __CLASS__, 'remember_logged_in_cookie' ) );
		wc_set_customer_auth_cookie( $id );
		wp_set_current_user( $id );
		return self::no_cache( self::account_view( get_userdata( $id ) ), 201 );
	}

	/**
	 * The customer routes: logged in by cookie with a valid `X-WP-Nonce` (WordPress's REST cookie
	 * authentication has already decided `get_current_user_id()`), allowed to `read`.
	 */
	public static function customer_only( WP_REST_Request $request ) {
		if ( ! is_user_logged_in() ) {
			return self::error( 'rest_not_logged_in', 'You are not currently logged in.', 401 );
		}
		if ( ! current_user_can( 'read' ) ) {
			return self::error( 'rest_forbidden', 'Sorry, you are not allowed to do that.', 403 );
		}
		return true;
	}

	/** `GET account/orders`: the customer's own placed orders, newest first, with WordPress paging. */
	public static function orders( WP_REST_Request $request ) {
		$page     = (int) ( $request->get_param( 'page' ) ?? 1 );
		$per_page = (int) ( $request->get_param( 'per_page' ) ?? 10 );
		$statuses = array_diff( array_keys( wc_get_order_statuses() ), array( 'wc-checkout-draft' ) );
		$found    = wc_get_orders(
			array(
				'customer_id' => get_current_user_id(),
				'type'        => 'shop_order',
				'status'      => $statuses,
				'limit'       => $per_page,
				'page'        => $page,
				'paginate'    => true,
				'orderby'     => 'ID',
				'order'       => 'DESC',
			)
		);
		$total = (int) $found->total;
		if ( array() === $found->orders && $page > 1 ) {
			// Past the last page WordPress's query counts nothing: the total is counted on page one.
			$total = (int) wc_get_orders(
				array(
					'customer_id' => get_current_user_id(),
					'type'        => 'shop_order',
					'status'      => $statuses,
					'limit'       => 1,
					'paginate'    => true,
					'return'      => 'ids',
				)
			)->total;
		}
		$rows = array();
		foreach ( $found->orders as $order ) {
			$decimals = wc_get_price_decimals();
			$created  = $order->get_date_created();
			$rows[]   = array_merge(
				array(
					'id'               => $order->get_id(),
					'order_number'     => (string) $order->get_order_number(),
					'order_key'        => $order->get_order_key(),
					'status'           => $order->get_status(),
					'status_name'      => wc_get_order_status_name( $order->get_status() ),
					'date_created_gmt' => $created ? gmdate( 'Y-m-d\TH:i:s', $created->getTimestamp() ) : '',
					'item_count'       => (int) $order->get_item_count(),
					'total'            => (string) (int) round( (float) $order->get_total() * pow( 10, $decimals ) ),
				),
				self::currency( $order->get_currency() )
			);
		}
		$response = self::no_cache( $rows );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) (int) ceil( $total / $per_page ) );
		return $response;
	}

	/** The customer's saved addresses, every field a string; the billing email falls back to the account's. */
	private static function address_view( WC_Customer $customer ) {
		$fields  = array( 'first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'country', 'phone' );
		$billing = array();
		$shipping = array();
		foreach ( $fields as $field ) {
			$billing[ $field ]  = (string) $customer->{"get_billing_$field"}();
			$shipping[ $field ] = (string) $customer->{"get_shipping_$field"}();
		}
		$email            = (string) $customer->get_billing_email();
		$billing['email'] = '' !== $email ? $email : (string) $customer->get_email();
		return array(
			'billing'  => $billing,
			'shipping' => $shipping,
		);
	}

	/** `GET account/addresses`. */
	public static function addresses( WP_REST_Request $request ) {
		return self::no_cache( self::address_view( new WC_Customer( get_current_user_id() ) ) );
	}

	/** `POST|PUT account/addresses/{billing|shipping}`: checked as checkout checks it, then saved. */
	public static function save_address( WP_REST_Request $request ) {
		$type     = $request['type'];
		$input    = $request->get_json_params();
		$input    = is_array( $input ) && array() !== $input ? $input : $request->get_body_params();
		$checked  = self::check_address( $type, is_array( $input ) ? $input : array() );
		$problems = $checked['problems'];
		if ( array() !== $problems ) {
			$first = array_shift( $problems );
			$name  = $type . '_address';
			$more  = array();
			foreach ( $problems as $problem ) {
				$more[] = array(
					'code'    => $problem['code'],
					'message' => $problem['message'],
					'data'    => array( 'field' => $problem['field'] ),
				);
			}
			return self::error(
				'rest_invalid_param',
				'Invalid parameter(s): ' . $name,
				400,
				array(
					'params'  => array( $name => $first['message'] ),
					'details' => array(
						$name => array(
							'code'              => $first['code'],
							'message'           => $first['message'],
							'data'              => array( 'field' => $first['field'] ),
							'additional_errors' => $more,
						),
					),
				)
			);
		}
		$customer = new WC_Customer( get_current_user_id() );
		foreach ( $checked['address'] as $field => $value ) {
			$customer->{"set_{$type}_$field"}( $value );
		}
		$customer->save();
		return self::no_cache( self::address_view( new WC_Customer( get_current_user_id() ) ) );
	}

	/** One address checked as the store-server's checkout checks it, with its codes and texts. */
	private static function check_address( $type, array $input ) {
		$labels = array(
			'first_name' => 'First name',
			'last_name'  => 'Last name',
			'company'    => 'Company name',
			'address_1'  => 'Street address',
			'address_2'  => 'Apartment, suite, unit, etc.',
			'city'       => 'Town / City',
			'state'      => 'State / County',
			'postcode'   => 'Postcode / ZIP',
			'country'    => 'Country / Region',
			'phone'      => 'Phone',
			'email'      => 'Email address',
		);
		$max    = array(
			'first_name' => 255,
			'last_name'  => 255,
			'company'    => 255,
			'address_1'  => 255,
			'address_2'  => 255,
			'city'       => 100,
			'state'      => 100,
			'postcode'   => 20,
			'country'    => 2,
			'phone'      => 100,
			'email'      => 254,
		);
		$value  = function ( $field ) use ( $input ) {
			return isset( $input[ $field ] ) && is_string( $input[ $field ] ) ? sanitize_text_field( $input[ $field ] ) : '';
		};
		$country = strtoupper( $value( 'country' ) );
		$states  = '' === $country ? array() : WC()->countries->get_states( $country );
		$states  = is_array( $states ) ? $states : array();
		$address = array();
		foreach ( array_keys( $labels ) as $field ) {
			if ( 'email' === $field && 'billing' !== $type ) {
				continue;
			}
			$address[ $field ] = $value( $field );
		}
		$address['country'] = $country;
		if ( array() !== $states ) {
			$address['state'] = strtoupper( $address['state'] );
		}
		if ( '' !== $address['postcode'] && '' !== $country ) {
			$address['postcode'] = wc_format_postcode( $address['postcode'], $country );
		}
		if ( isset( $address['email'] ) ) {
			$address['email'] = strtolower( $address['email'] );
		}

		$problems = array();
		$add      = function ( $field, $code, $message ) use ( &$problems ) {
			$problems[] = array(
				'field'   => $field,
				'code'    => $code,
				'message' => $message,
			);
		};
		foreach ( $address as $field => $text ) {
			if ( mb_strlen( $text, 'UTF-8' ) > $max[ $field ] ) {
				$add( $field, 'invalid_length', sprintf( '%s is too long (at most %d characters)', $labels[ $field ], $max[ $field ] ) );
			}
		}
		if ( array() !== $problems ) {
			return array(
				'address'  => $address,
				'problems' => $problems,
			);
		}
		$required = function ( $field ) use ( &$address, $labels, $add ) {
			if ( ! isset( $address[ $field ] ) || '' === $address[ $field ] ) {
				$add( $field, 'invalid_required', $labels[ $field ] . ' is required' );
				return false;
			}
			return true;
		};
		$required( 'first_name' );
		$required( 'last_name' );
		if ( $required( 'country' ) && ! array_key_exists( $country, WC()->countries->get_allowed_countries() ) ) {
			$add( 'country', 'invalid_country', sprintf( 'Sorry, we do not allow orders from the provided country (%s)', $country ) );
		}
		$required( 'address_1' );
		$required( 'city' );
		if ( array() !== $states && $required( 'state' ) && ! array_key_exists( $address['state'], $states ) ) {
			$add( 'state', 'invalid_state', sprintf( 'The provided state (%s) is not valid', $address['state'] ) );
		}
		$locale            = WC()->countries->get_country_locale();
		$postcode_optional = isset( $locale[ $country ]['postcode']['required'] ) && false === $locale[ $country ]['postcode']['required'];
		if ( ( $postcode_optional || $required( 'postcode' ) ) && '' !== $address['postcode']
			&& '' !== $country && ! WC_Validation::is_postcode( $address['postcode'], $country ) ) {
			$add( 'postcode', 'invalid_postcode', 'The provided postcode / ZIP is not valid' );
		}
		if ( '' !== $address['phone'] && ! WC_Validation::is_phone( $address['phone'] ) ) {
			$add( 'phone', 'invalid_phone', 'The provided phone number is not valid' );
		}
		if ( 'billing' === $type && $required( 'email' ) && ! is_email( $address['email'] ) ) {
			$add( 'email', 'invalid_email', 'The provided email address is not valid' );
		}
		return array(
			'address'  => $address,
			'problems' => $problems,
		);
	}

	// ---------------------------------------------------------------- passwords

	/** Passwords too well known to keep, also with digits and symbols around them. */
	const COMMON_PASSWORDS = array(
		'password',
		'password1',
		'password123',
		'passw0rd',
		'qwerty',
		'qwertyuiop',
		'qwerty123',
		'azerty',
		'letmein',
		'welcome',
		'welcome1',
		'iloveyou',
		'sunshine',
		'princess',
		'football',
		'baseball',
		'dragon',
		'monkey',
		'master',
		'shadow',
		'superman',
		'trustno1',
		'abc123',
		'admin',
		'administrator',
		'changeme',
		'secret',
		'woocommerce',
		'wordpress',
	);

	/** Whether every character of `$text` is the one before it plus `$step` (`abcd`, `4321`, `aaaa`). */
	private static function is_run( $text, $step ) {
		$chars = preg_split( '//u', $text, -1, PREG_SPLIT_NO_EMPTY );
		$count = is_array( $chars ) ? count( $chars ) : 0;
		for ( $index = 1; $index < $count; $index++ ) {
			if ( mb_ord( $chars[ $index ], 'UTF-8' ) - mb_ord( $chars[ $index - 1 ], 'UTF-8' ) !== $step ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The store-server's rule for a password too weak to keep (its decision 0014; WooCommerce
	 * judges strength only in the browser): shorter than 8 characters; shorter than 12 with one
	 * kind of character (lower case, upper case, digits, symbols); a well-known password, digits
	 * and symbols around it ignored; one repeated character or a plain sequence; or holding one
	 * of `$personal` (the email's name part, the login) of 4 characters or more.
	 */
	public static function is_weak_password( $password, array $personal = array() ) {
		$length = mb_strlen( $password, 'UTF-8' );
		if ( $length < 8 ) {
			return true;
		}
		$lower   = 'abcdefghijklmnopqrstuvwxyz';
		$upper   = strtoupper( $lower );
		$digits  = '0123456789';
		$classes = ( false !== strpbrk( $password, $lower ) ? 1 : 0 )
			+ ( false !== strpbrk( $password, $upper ) ? 1 : 0 )
			+ ( false !== strpbrk( $password, $digits ) ? 1 : 0 )
			+ ( strspn( $password, $lower . $upper . $digits ) < strlen( $password ) ? 1 : 0 );
		// Counted in UTF-16 units, as the store-server's JavaScript counts `length`.
		$units = (int) ( strlen( mb_convert_encoding( $password, 'UTF-16LE', 'UTF-8' ) ) / 2 );
		if ( $units < 12 && $classes < 2 ) {
			return true;
		}
		$text = mb_strtolower( $password, 'UTF-8' );
		// The name inside digits and symbols: bytes outside a-z trimmed from both ends.
		$core = substr( $text, strcspn( $text, $lower ) );
		$core = strrev( substr( strrev( $core ), strcspn( strrev( $core ), $lower ) ) );
		if ( in_array( $text, self::COMMON_PASSWORDS, true ) || in_array( $core, self::COMMON_PASSWORDS, true ) ) {
			return true;
		}
		if ( self::is_run( $text, 0 ) || self::is_run( $text, 1 ) || self::is_run( $text, -1 ) ) {
			return true;
		}
		foreach ( $personal as $word ) {
			$word = mb_strtolower( (string) $word, 'UTF-8' );
			if ( mb_strlen( $word, 'UTF-8' ) >= 4 && false !== strpos( $text, $word ) ) {
				return true;
			}
		}
		return false;
	}

	/** The words a user's password must not hold: their email's name part and their login. */
	private static function personal_words( $email, $login ) {
		$at = strpos( (string) $email, '@' );
		return array( false === $at ? (string) $email : substr( (string) $email, 0, $at ), (string) $login );
	}

	// ---------------------------------------------------------------- lost password

	/** The user id as a reset link carries it (`id=12`), or 0. */
	private static function link_user_id( $text ) {
		return is_string( $text ) && strlen( $text ) <= 10 && ctype_digit( $text ) && '0' !== $text[0] ? (int) $text : 0;
	}

	/** WooCommerce's refusal of a missing, wrong, used or expired key. */
	private static function invalid_key() {
		return self::error(
			'invalid_key',
			'This key is invalid or has already been used. Please reset your password again if needed.',
			400
		);
	}

	/** The user whose live reset key `$key` is (WordPress's `check_password_reset_key`), or null. */
	private static function reset_key_user( $id_text, $key ) {
		$id  = self::link_user_id( $id_text );
		$key = is_string( $key ) ? $key : '';
		if ( $id <= 0 || '' === $key || strlen( $key ) > 100 ) {
			return null;
		}
		$user = get_userdata( $id );
		if ( ! $user ) {
			return null;
		}
		$checked = check_password_reset_key( $key, $user->user_login );
		return $checked instanceof WP_User && (int) $checked->ID === $id ? $checked : null;
	}

	/**
	 * `GET account/lost-password`: the lost-password and new-password forms' nonces, for the
	 * request's login or (a guest) its WooCommerce session.
	 */
	public static function reset_nonces( WP_REST_Request $request ) {
		self::act_as_cookie_user();
		return self::no_cache(
			array(
				'nonces' => array(
					self::LOST_PASSWORD_NONCE_FIELD  => wp_create_nonce( 'lost_password' ),
					self::RESET_PASSWORD_NONCE_FIELD => wp_create_nonce( 'reset_password' ),
				),
			)
		);
	}

	/**
	 * `POST account/lost-password` (`user_login`): WooCommerce's lost-password form. The reset
	 * email goes out when the name or email is an account's; the answer is the same either way
	 * (WooCommerce says "Invalid username or email.", which tells anyone who has an account), and
	 * the email is made after the answer where PHP can finish a request early, so a known name
	 * does not answer more slowly either.
	 */
	public static function lost_password( WP_REST_Request $request ) {
		if ( self::is_cross_site() ) {
			return self::cross_site();
		}
		self::act_as_cookie_user();
		if ( ! wp_verify_nonce( (string) self::field( $request, self::LOST_PASSWORD_NONCE_FIELD ), 'lost_password' ) ) {
			return self::expired();
		}
		$login = trim( (string) self::field( $request, 'user_login' ) );
		if ( '' === $login || strlen( $login ) > 200 ) {
			return self::error( 'invalid_username', 'Enter a username or email address.', 400 );
		}
		$client = self::hit( 'lost_password_client', self::client_key(), self::LOST_PASSWORD_PER_CLIENT, HOUR_IN_SECONDS );
		if ( $client > 0 ) {
			return self::too_many( $client );
		}
		$named = self::hit( 'lost_password_account', strtolower( $login ), self::LOST_PASSWORD_PER_ACCOUNT, HOUR_IN_SECONDS );
		if ( $named > 0 ) {
			return self::too_many( $named );
		}
		// WooCommerce's lookup: the login first (customers may use an email as their login), then the email.
		$name = sanitize_user( $login );
		$user = '' === $name ? false : get_user_by( 'login', $name );
		if ( ! $user && is_email( $login ) && apply_filters( 'woocommerce_get_username_from_email', true ) ) {
			$user = get_user_by( 'email', $login );
		}
		// A site's captcha or limiter plugin refuses here, as on WooCommerce's own form.
		$errors = new WP_Error();
		do_action( 'lostpassword_post', $errors, $user );
		if ( $errors->has_errors() ) {
			return self::error( (string) $errors->get_error_code(), wp_strip_all_tags( $errors->get_error_message() ), 400 );
		}
		if ( $user instanceof WP_User ) {
			$user_id = (int) $user->ID;
			add_action(
				'shutdown',
				function () use ( $user_id ) {
					if ( function_exists( 'fastcgi_finish_request' ) ) {
						fastcgi_finish_request();
					}
					self::send_reset_email( $user_id );
				},
				PHP_INT_MAX
			);
		}
		return self::no_cache( array( 'sent' => true ) );
	}

	/**
	 * Makes a reset key (`get_password_reset_key`, any older one stops working) and sends
	 * WooCommerce's own "Reset password" email with it, as WooCommerce's form does. A user the
	 * site does not let reset (`allow_password_reset`) gets nothing.
	 */
	public static function send_reset_email( $user_id ) {
		$user = get_userdata( $user_id );
		if ( ! $user ) {
			return;
		}
		do_action( 'retrieve_password', $user->user_login );
		$key = get_password_reset_key( $user );
		if ( is_wp_error( $key ) ) {
			return;
		}
		WC()->mailer(); // WooCommerce's email classes listen for the next action.
		do_action( 'woocommerce_reset_password_notification', $user->user_login, $key );
	}

	/** `POST account/reset-password/check` (`id`, `key`): whether the emailed link is live, and whose. */
	public static function check_reset_key( WP_REST_Request $request ) {
		$user = self::reset_key_user( self::field( $request, 'id' ), self::field( $request, 'key' ) );
		if ( null === $user ) {
			return self::invalid_key();
		}
		return self::no_cache(
			array(
				'valid' => true,
				'login' => $user->user_login,
			)
		);
	}

	/**
	 * `POST account/reset-password` (`id`, `key`, `password_1`, `password_2`): sets the new
	 * password with WordPress's `reset_password`, once, and ends every login of the account.
	 */
	public static function reset_password( WP_REST_Request $request ) {
		if ( self::is_cross_site() ) {
			return self::cross_site();
		}
		self::act_as_cookie_user();
		if ( ! wp_verify_nonce( (string) self::field( $request, self::RESET_PASSWORD_NONCE_FIELD ), 'reset_password' ) ) {
			return self::expired();
		}
		$user = self::reset_key_user( self::field( $request, 'id' ), self::field( $request, 'key' ) );
		if ( null === $user ) {
			return self::invalid_key();
		}
		$password = (string) self::field( $request, 'password_1' );
		$repeated = (string) self::field( $request, 'password_2' );
		if ( '' === $password ) {
			return self::error( 'password_reset_empty', 'Please enter your password.', 400 );
		}
		if ( $password !== $repeated ) {
			return self::error( 'password_reset_mismatch', 'Passwords do not match.', 400 );
		}
		if ( self::is_weak_password( $password, self::personal_words( $user->user_email, $user->user_login ) ) ) {
			return self::error( 'weak_password', 'Please enter a stronger password.', 400, array( 'hint' => wp_get_password_hint() ) );
		}
		// The key is taken before the password is set: of two requests racing with one key, one wins.
		global $wpdb;
		$stored  = $wpdb->get_var( $wpdb->prepare( "SELECT user_activation_key FROM {$wpdb->users} WHERE ID = %d", $user->ID ) );
		$claimed = is_string( $stored ) && '' !== $stored
			? $wpdb->update(
				$wpdb->users,
				array( 'user_activation_key' => '' ),
				array(
					'ID'                  => $user->ID,
					'user_activation_key' => $stored,
				)
			)
			: 0;
		clean_user_cache( $user->ID );
		if ( 1 !== $claimed ) {
			return self::invalid_key();
		}
		reset_password( $user, $password );
		WP_Session_Tokens::get_instance( $user->ID )->destroy_all();
		return self::no_cache(
			array(
				'reset' => true,
				'login' => $user->user_login,
			)
		);
	}

	// ---------------------------------------------------------------- account details

	/** What `GET account/details` answers. */
	private static function details_view( WP_User $user ) {
		return array(
			'first_name'   => (string) $user->first_name,
			'last_name'    => (string) $user->last_name,
			'display_name' => (string) $user->display_name,
			'email'        => (string) $user->user_email,
		);
	}

	/** 400 with every problem of the form (WooCommerce shows them all at once), the first as the message. */
	private static function details_refused( array $problems ) {
		return self::error( 'cartwright_account_details_invalid', $problems[0]['message'], 400, array( 'errors' => $problems ) );
	}

	/** `GET account/details`: the customer's names and email, and the form's nonce. */
	public static function details( WP_REST_Request $request ) {
		return self::no_cache(
			array_merge(
				self::details_view( wp_get_current_user() ),
				array( 'nonces' => array( self::ACCOUNT_DETAILS_NONCE_FIELD => wp_create_nonce( 'save_account_details' ) ) )
			)
		);
	}

	/**
	 * `POST account/details`: WooCommerce's account-details form (`account_first_name`,
	 * `account_last_name`, `account_display_name`, `account_email`; to change the password also
	 * `password_current`, `password_1`, `password_2`), checked by its rules and saved with
	 * `wp_update_user`. The current password is counted under the login limits before
	 * `wp_check_password`; a new one follows the registration rule. A new password ends the
	 * account's other logins; this one stays logged in.
	 */
	public static function save_details( WP_REST_Request $request ) {
		$user = wp_get_current_user();
		if ( ! wp_verify_nonce( (string) self::field( $request, self::ACCOUNT_DETAILS_NONCE_FIELD ), 'save_account_details' ) ) {
			return self::expired();
		}
		$first    = sanitize_text_field( (string) self::field( $request, 'account_first_name' ) );
		$last     = sanitize_text_field( (string) self::field( $request, 'account_last_name' ) );
		$display  = sanitize_text_field( (string) self::field( $request, 'account_display_name' ) );
		$email    = strtolower( trim( (string) self::field( $request, 'account_email' ) ) );
		$current  = (string) self::field( $request, 'password_current' );
		$password = (string) self::field( $request, 'password_1' );
		$repeated = (string) self::field( $request, 'password_2' );
		$own      = strtolower( (string) $user->user_email );

		$problems = array();
		$add      = function ( $field, $message ) use ( &$problems ) {
			$problems[] = array(
				'field'   => $field,
				'message' => $message,
			);
		};
		$required = array(
			'account_first_name'   => array( 'First name', $first ),
			'account_last_name'    => array( 'Last name', $last ),
			'account_display_name' => array( 'Display name', $display ),
			'account_email'        => array( 'Email address', $email ),
		);
		foreach ( $required as $field => list( $label, $value ) ) {
			if ( '' === $value ) {
				$add( $field, $label . ' is a required field.' );
			} elseif ( mb_strlen( $value, 'UTF-8' ) > self::MAX_NAME_LENGTH ) {
				$add( $field, $label . ' is too long.' );
			}
		}
		if ( '' !== $email && ! is_email( $email ) ) {
			$add( 'account_email', 'Please provide a valid email address.' );
		} elseif ( '' !== $email && $email !== $own ) {
			$owner = email_exists( $email );
			if ( $owner && (int) $owner !== (int) $user->ID ) {
				$add( 'account_email', 'This email address is already registered.' );
			}
		}
		$shown = strtolower( $display );
		if ( false !== strpos( $display, '@' ) && $shown !== $own && $shown !== $email ) {
			$add( 'account_display_name', 'Display name cannot be changed to email address due to privacy concern.' );
		}
		$changing = '' !== $current || '' !== $password || '' !== $repeated;
		if ( $changing ) {
			if ( '' !== $password && '' === $current ) {
				$add( 'password_current', 'Please enter your current password.' );
			} elseif ( '' !== $current && '' === $password ) {
				$add( 'password_1', 'Please fill out all password fields.' );
			} elseif ( '' !== $password && '' === $repeated ) {
				$add( 'password_2', 'Please re-enter your password.' );
			} elseif ( $password !== $repeated ) {
				$add( 'password_2', 'New passwords do not match.' );
			} elseif ( self::is_weak_password( $password, self::personal_words( $own, $user->user_login ) ) ) {
				$add( 'password_1', 'Please enter a stronger password.' );
			}
		}
		if ( array() !== $problems ) {
			return self::details_refused( $problems );
		}
		if ( $changing ) {
			// The current password is a login: counted under the login limits before it is checked.
			$account = strtolower( $user->user_login );
			$client  = self::hit( 'login_client', self::client_key(), self::LOGIN_PER_CLIENT, self::LOGIN_WINDOW );
			$named   = self::hit( 'login_account', $account, self::LOGIN_PER_ACCOUNT, self::LOGIN_WINDOW );
			if ( $client > 0 || $named > 0 ) {
				return self::too_many( max( $client, $named ) );
			}
			if ( ! wp_check_password( $current, $user->user_pass, $user->ID ) ) {
				return self::details_refused(
					array(
						array(
							'field'   => 'password_current',
							'message' => 'Your current password is incorrect.',
						),
					)
				);
			}
			delete_transient( 'cwc_login_account_' . md5( $account ) );
			self::refund( 'login_client', self::client_key() );
		}
		$changes = array(
			'ID'           => $user->ID,
			'first_name'   => $first,
			'last_name'    => $last,
			'display_name' => $display,
			'user_email'   => $email,
		);
		if ( $changing ) {
			$changes['user_pass'] = $password;
			// wp_update_user renews this login's cookie; the nonces made next must see it.
			add_action( 'set_logged_in_cookie', array( __CLASS__, 'remember_logged_in_cookie' ) );
		}
		$saved = wp_update_user( $changes );
		if ( is_wp_error( $saved ) ) {
			if ( 'existing_user_email' === $saved->get_error_code() ) {
				return self::details_refused(
					array(
						array(
							'field'   => 'account_email',
							'message' => 'This email address is already registered.',
						),
					)
				);
			}
			return self::error( $saved->get_error_code(), wp_strip_all_tags( $saved->get_error_message() ), 400 );
		}
		if ( $changing ) {
			// WordPress keeps the account's other logins after a new password; they end here.
			wp_destroy_other_sessions();
		}
		clean_user_cache( $user->ID );
		$updated = get_userdata( $user->ID );
		return self::no_cache(
			array_merge(
				self::details_view( $updated ),
				array( 'message' => 'Account details changed successfully.' )
			)
		);
	}
}
