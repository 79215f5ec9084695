<?php
/**
 * Plugin Name: Cartwright companion
 * Description: The cartwright/v1 REST routes the Cartwright storefront reads (settings, notices, the shopper's own account), for a storefront running in front of this WooCommerce.
 * Version: 0.1.0
 * Requires at least: 6.8
 * Requires PHP: 8.1
 * Requires Plugins: woocommerce
 * License: MIT
 *
 * Written for the Cartwright project; it uses WordPress's and WooCommerce's public functions only.
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/includes/class-cartwright-companion.php';

add_action( 'rest_api_init', array( 'Cartwright_Companion', 'register_routes' ) );
add_filter( 'rest_pre_serve_request', array( 'Cartwright_Companion', 'no_credentialed_cors' ), 20, 4 );
