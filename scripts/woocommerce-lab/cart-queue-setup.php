<?php
/**
 * Lab setup for packages/cart-queue/lab (engineer C, issue 14). Idempotent.
 *   php scripts/woocommerce-lab/cart-queue-setup.php WP_DIR
 * - a must-use plugin with a [cw_mini_cart] shortcode: WooCommerce's own mini-cart markup
 *   (woocommerce_mini_cart() inside div.widget_shopping_cart_content), the part a classic
 *   theme's header prints, so fragments have something to replace;
 * - a page `cw-classic-loop` whose content is [cw_mini_cart] and [products limit="4"].
 */
if ($argc < 2) { fwrite(STDERR, "usage: php cart-queue-setup.php WP_DIR\n"); exit(2); }
$wpdir = rtrim($argv[1], '/');
$mu = "$wpdir/wp-content/mu-plugins";
if (!is_dir($mu)) mkdir($mu, 0755, true);
file_put_contents("$mu/cw-cart-queue-lab.php", <<<'PHP'
<?php
/* Lab only (Cartwright cart-queue): WooCommerce's mini-cart as a shortcode. */
add_shortcode('cw_mini_cart', function () {
  if (!function_exists('woocommerce_mini_cart') || !WC()->cart) return '';
  ob_start();
  echo '<div class="widget_shopping_cart"><div class="widget_shopping_cart_content">';
  woocommerce_mini_cart();
  echo '</div></div>';
  return ob_get_clean();
});
PHP);
$_SERVER['HTTP_HOST'] = $_SERVER['HTTP_HOST'] ?? 'localhost';
require "$wpdir/wp-load.php";
update_option('woocommerce_enable_ajax_add_to_cart', 'yes');
update_option('woocommerce_cart_redirect_after_add', 'no');
$content = "[cw_mini_cart]\n\n[products limit=\"4\" orderby=\"id\" order=\"ASC\"]";
$page = get_page_by_path('cw-classic-loop');
$id = wp_insert_post([
  'ID' => $page ? $page->ID : 0,
  'post_type' => 'page',
  'post_status' => 'publish',
  'post_name' => 'cw-classic-loop',
  'post_title' => 'Classic loop (cart-queue lab)',
  'post_content' => $content,
], true);
if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
echo "page cw-classic-loop: " . get_permalink($id) . "\n";
