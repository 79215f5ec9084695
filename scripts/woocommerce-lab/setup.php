<?php
/**
 * The lab shop's setup, run by scripts/woocommerce-lab.sh in three fresh PHP processes:
 *   php setup.php WP_DIR URL install   WordPress itself (admin user)
 *   php setup.php WP_DIR URL activate  activates WooCommerce (its activation hook installs it)
 *   php setup.php WP_DIR URL shop      settings, pages, products, shipping, coupon, customer
 *   php setup.php WP_DIR URL coupons   the coupons the conformance scenario's coupon steps use
 *   php setup.php WP_DIR URL companion on|off
 *                                      activates (on) or deactivates (off) the Cartwright
 *                                      companion plugin (wordpress/cartwright-companion)
 * Each phase skips what is done already, so the script is idempotent.
 */
[$script, $wpDir, $url, $phase, $switch] = $argv + [null, null, null, null, null];
if ($wpDir === null || $url === null || !in_array($phase, ['install', 'activate', 'shop', 'coupons', 'companion'], true)) {
  fwrite(STDERR, "usage: php setup.php WP_DIR URL install|activate|shop|coupons|companion on|off\n");
  exit(2);
}
$labDir = dirname($wpDir);
$host = parse_url($url, PHP_URL_HOST) . ':' . parse_url($url, PHP_URL_PORT);
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['SERVER_NAME'] = parse_url($url, PHP_URL_HOST);
$_SERVER['SERVER_PORT'] = (string) parse_url($url, PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';

function say(string $message): void { fwrite(STDOUT, "  · $message\n"); }
function fail(string $message): void { fwrite(STDERR, "setup: $message\n"); exit(1); }
function password_file(string $labDir, string $name): string {
  $file = "$labDir/$name-password";
  if (!is_file($file)) file_put_contents($file, bin2hex(random_bytes(9)));
  return trim(file_get_contents($file));
}

if ($phase === 'install') {
  define('WP_INSTALLING', true);
  require "$wpDir/wp-load.php";
  require_once ABSPATH . 'wp-admin/includes/upgrade.php';
  if (is_blog_installed()) { say('WordPress is installed'); exit(0); }
  $result = wp_install('Cartwright Lab', 'admin', 'admin@lab.example', false, '', password_file($labDir, 'admin'));
  if (is_wp_error($result)) fail($result->get_error_message());
  say('WordPress installed (admin)');
  exit(0);
}

require "$wpDir/wp-load.php";
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

if ($phase === 'activate') {
  if (is_plugin_active('woocommerce/woocommerce.php')) { say('WooCommerce is active'); exit(0); }
  $result = activate_plugin('woocommerce/woocommerce.php');
  if (is_wp_error($result)) fail($result->get_error_message());
  say('WooCommerce activated');
  exit(0);
}

if ($phase === 'companion') {
  $companion = 'cartwright-companion/cartwright-companion.php';
  $active = is_plugin_active($companion);
  if ($switch === 'on') {
    if ($active) { say('the Cartwright companion plugin is active'); exit(0); }
    $result = activate_plugin($companion);
    if (is_wp_error($result)) fail($result->get_error_message());
    say('the Cartwright companion plugin activated');
  } else {
    if ($active) deactivate_plugins($companion);
    say('the Cartwright companion plugin is off (plain WooCommerce)');
  }
  exit(0);
}

if ($phase === 'coupons') {
  // The coupons of the conformance scenario's coupon steps (issue 15 item 6), the same codes
  // as the store-server's demo coupons: one for each refusal WooCommerce gives. Created once.
  $wanted = [
    'expired15' => ['percent', 15, ['date_expires' => '2024-01-01T00:00:00Z']],
    'solo20' => ['percent', 20, ['individual_use' => true]],
    'bigspender' => ['fixed_cart', 50, ['minimum_amount' => '1000']],
  ];
  foreach ($wanted as $code => [$type, $amount, $extra]) {
    if (wc_get_coupon_id_by_code($code)) continue;
    $coupon = new WC_Coupon();
    $coupon->set_code($code);
    $coupon->set_discount_type($type);
    $coupon->set_amount($amount);
    if (isset($extra['date_expires'])) $coupon->set_date_expires($extra['date_expires']);
    if (isset($extra['individual_use'])) $coupon->set_individual_use(true);
    if (isset($extra['minimum_amount'])) $coupon->set_minimum_amount($extra['minimum_amount']);
    $coupon->save();
  }
  say('coupons expired15, solo20, bigspender');
  exit(0);
}

// phase shop
if (!class_exists('WooCommerce')) fail('WooCommerce is not loaded');
if (get_option('woocommerce_version') === false || get_option('woocommerce_db_version') === false) {
  WC_Install::install();
  say('WooCommerce installer ran');
}

// ship (issue 15, shipping): a choice in the "everywhere" zone besides the flat rate: free
// shipping for orders of 50.00 or more, and local pickup at no cost. Runs on every shop phase
// (before the "done" check) so an existing lab gains them; each is added once.
$everywhere = new WC_Shipping_Zone(0);
$methodIds = array_map(fn ($method) => $method->id, $everywhere->get_shipping_methods());
if (!in_array('free_shipping', $methodIds, true)) {
  $instance = $everywhere->add_shipping_method('free_shipping');
  update_option("woocommerce_free_shipping_{$instance}_settings", ['title' => 'Free shipping', 'requires' => 'min_amount', 'min_amount' => '50.00', 'ignore_discounts' => 'no']);
}
if (!in_array('local_pickup', $methodIds, true)) {
  $instance = $everywhere->add_shipping_method('local_pickup');
  update_option("woocommerce_local_pickup_{$instance}_settings", ['title' => 'Local pickup', 'tax_status' => 'taxable', 'cost' => '']);
}
WC_Cache_Helper::get_transient_version('shipping', true);
say('shipping: free shipping from 50.00 and local pickup everywhere');

if (get_option('cartwright_lab_shop') === 'done') { say('the shop is set up'); exit(0); }

// Settings: pretty permalinks, USD, a store in US/CA, no taxes, guest checkout, no onboarding.
update_option('permalink_structure', '/%postname%/');
update_option('blogname', 'Cartwright Lab');
foreach ([
  'woocommerce_currency' => 'USD',
  'woocommerce_default_country' => 'US:CA',
  'woocommerce_store_address' => '1 Lab Street',
  'woocommerce_store_city' => 'San Francisco',
  'woocommerce_store_postcode' => '94105',
  'woocommerce_calc_taxes' => 'no',
  'woocommerce_enable_guest_checkout' => 'yes',
  'woocommerce_enable_checkout_login_reminder' => 'yes',
  'woocommerce_enable_signup_and_login_from_checkout' => 'yes',
  'woocommerce_enable_myaccount_registration' => 'yes',
  'woocommerce_coming_soon' => 'no',
  'woocommerce_store_pages_only' => 'no',
  'woocommerce_onboarding_profile' => ['skipped' => true],
  'woocommerce_task_list_hidden' => 'yes',
  'woocommerce_allow_tracking' => 'no',
  'woocommerce_cart_redirect_after_add' => 'no',
  'woocommerce_enable_ajax_add_to_cart' => 'yes',
] as $name => $value) update_option($name, $value);
update_option('woocommerce_cod_settings', ['enabled' => 'yes', 'title' => 'Cash on delivery', 'description' => 'Pay with cash upon delivery.', 'instructions' => '', 'enable_for_methods' => [], 'enable_for_virtual' => 'yes']);
update_option('woocommerce_bacs_settings', ['enabled' => 'no']);
update_option('woocommerce_cheque_settings', ['enabled' => 'no']);
say('settings');

// Pages: the classic shortcode cart and checkout (the markup cart-queue's ./dom drives).
WC_Install::create_pages();
foreach (['cart' => '[woocommerce_cart]', 'checkout' => '[woocommerce_checkout]', 'myaccount' => '[woocommerce_my_account]'] as $page => $content) {
  $id = wc_get_page_id($page);
  if ($id > 0) wp_update_post(['ID' => $id, 'post_content' => "<!-- wp:shortcode -->$content<!-- /wp:shortcode -->"]);
}
say('pages');

// Twelve simple products (cw-check-01..12): 11 has 3 in stock, 12 is out of stock, 03 is on sale.
for ($n = 1; $n <= 12; $n++) {
  $sku = sprintf('cw-check-%02d', $n);
  if (wc_get_product_id_by_sku($sku)) continue;
  $product = new WC_Product_Simple();
  $product->set_name(sprintf('Check Product %02d', $n));
  $product->set_sku($sku);
  $product->set_status('publish');
  $product->set_regular_price(number_format(10 + $n, 2, '.', ''));
  if ($n === 3) $product->set_sale_price('9.00');
  $product->set_manage_stock(true);
  $product->set_stock_quantity($n === 11 ? 3 : ($n === 12 ? 0 : 50));
  $product->set_short_description("The lab's product number $n.");
  $product->save();
}
say('12 simple products');

// One variable product: the global attribute Size (S, M, L), three variations.
if (!wc_get_product_id_by_sku('cw-check-tee')) {
  $attributeId = wc_attribute_taxonomy_id_by_name('size');
  if (!$attributeId) {
    $attributeId = wc_create_attribute(['name' => 'Size', 'slug' => 'size', 'type' => 'select']);
    if (is_wp_error($attributeId)) fail($attributeId->get_error_message());
  }
  register_taxonomy('pa_size', ['product']);
  foreach (['S', 'M', 'L'] as $size) if (!term_exists($size, 'pa_size')) wp_insert_term($size, 'pa_size');
  $attribute = new WC_Product_Attribute();
  $attribute->set_id($attributeId);
  $attribute->set_name('pa_size');
  $attribute->set_options(array_map(fn ($size) => get_term_by('name', $size, 'pa_size')->term_id, ['S', 'M', 'L']));
  $attribute->set_visible(true);
  $attribute->set_variation(true);
  $tee = new WC_Product_Variable();
  $tee->set_name('Check Tee');
  $tee->set_sku('cw-check-tee');
  $tee->set_status('publish');
  $tee->set_attributes([$attribute]);
  $teeId = $tee->save();
  foreach (['s' => '20.00', 'm' => '21.00', 'l' => '22.00'] as $slug => $price) {
    $variation = new WC_Product_Variation();
    $variation->set_parent_id($teeId);
    $variation->set_attributes(['pa_size' => $slug]);
    $variation->set_sku("cw-check-tee-$slug");
    $variation->set_regular_price($price);
    $variation->set_manage_stock(true);
    $variation->set_stock_quantity(10);
    $variation->save();
  }
  WC_Product_Variable::sync($teeId);
}
say('the variable product Check Tee');

// One shipping zone ("everywhere": the zone for locations no other zone covers), 5.00 flat rate.
$zone = new WC_Shipping_Zone(0);
$hasFlat = false;
foreach ($zone->get_shipping_methods() as $method) $hasFlat = $hasFlat || $method->id === 'flat_rate';
if (!$hasFlat) {
  $instance = $zone->add_shipping_method('flat_rate');
  update_option("woocommerce_flat_rate_{$instance}_settings", ['title' => 'Flat rate', 'tax_status' => 'taxable', 'cost' => '5.00']);
}
say('shipping: flat rate 5.00 everywhere');

// A coupon: 10 % off.
if (!wc_get_coupon_id_by_code('lab10')) {
  $coupon = new WC_Coupon();
  $coupon->set_code('lab10');
  $coupon->set_discount_type('percent');
  $coupon->set_amount(10);
  $coupon->save();
}
say('coupon lab10');

// A customer with a billing address.
if (!username_exists('shopper')) {
  $customerId = wc_create_new_customer('shopper@lab.example', 'shopper', password_file($labDir, 'shopper'));
  if (is_wp_error($customerId)) fail($customerId->get_error_message());
  $customer = new WC_Customer($customerId);
  $customer->set_first_name('Sam');
  $customer->set_last_name('Shopper');
  $customer->set_billing_first_name('Sam');
  $customer->set_billing_last_name('Shopper');
  $customer->set_billing_address_1('2 Lab Road');
  $customer->set_billing_city('San Francisco');
  $customer->set_billing_state('CA');
  $customer->set_billing_postcode('94105');
  $customer->set_billing_country('US');
  $customer->set_billing_email('shopper@lab.example');
  $customer->set_billing_phone('4155550100');
  $customer->save();
}
password_file($labDir, 'shopper');
say('users admin and shopper');

flush_rewrite_rules(false);
update_option('cartwright_lab_shop', 'done');
say('the shop is ready');
