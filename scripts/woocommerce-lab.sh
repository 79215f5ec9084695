#!/usr/bin/env bash
# A real WooCommerce 10.2.4 on WordPress 6.8.8 on loopback, for the conformance lab
# (docs/conformance.md). Installs outside the repository, idempotent, prints progress.
#
#   bash scripts/woocommerce-lab.sh [start|stop|status|reset]
#
# Needs, as root on Debian 12: apt (PHP 8.2 and MariaDB are installed from Debian), and
# two public repository snapshots as bare git directories (none of their code enters this
# repository):
#   WP_CORE_GIT  johnpbloch/wordpress-core        (tag 6.8.8 = 96f0cd6f…)
#   WOO_GIT      Kunal2703/Urumi-sandbox          (plugins/woocommerce at bad5dce2…, 10.2.4 as
#                                                  WordPress.org ships it)
# Settings: LAB_DIR (default /var/tmp/cartwright-woo-lab), LAB_PORT (default 8089),
# LAB_COMPANION=1 links this repository's wordpress/cartwright-companion into the lab and
# activates it; 0 (the default) deactivates it, because the main conformance transcript is
# recorded against plain WooCommerce (docs/decisions/0041).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO_DIR="$PWD"

LAB_DIR="${LAB_DIR:-/var/tmp/cartwright-woo-lab}"
LAB_PORT="${LAB_PORT:-8089}"
LAB_COMPANION="${LAB_COMPANION:-0}"
WP_CORE_GIT="${WP_CORE_GIT:-/work/.mirror/johnpbloch+wordpress-core/repo}"
WOO_GIT="${WOO_GIT:-/work/.mirror/Kunal2703+Urumi-sandbox/repo}"
WP_COMMIT=96f0cd6f49660bfb607ce0c86ac416c3a904f103
WOO_COMMIT=bad5dce210d984e825549db8b802f0d4c4ddec09
WOO_URL="http://127.0.0.1:${LAB_PORT}"
WP_DIR="$LAB_DIR/wordpress"
DB_DIR="$LAB_DIR/mysql"
SOCKET="$LAB_DIR/mysqld.sock"

say() { printf '› %s\n' "$*"; }
die() { printf 'woocommerce-lab: %s\n' "$*" >&2; exit 1; }

case "${1:-start}" in
  start | stop | status | reset) ACTION="${1:-start}" ;;
  *) die "usage: $0 [start|stop|status|reset]" ;;
esac

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

stop_all() {
  if pid_alive "$LAB_DIR/php.pid"; then
    # PHP_CLI_SERVER_WORKERS forks workers that outlive their parent and keep the port: the
    # workers (the parent's children) are stopped first, then the parent.
    pkill -P "$(cat "$LAB_DIR/php.pid")" 2>/dev/null || true
    kill "$(cat "$LAB_DIR/php.pid")" && say "PHP server stopped"
  fi
  if pid_alive "$LAB_DIR/mysqld.pid"; then
    kill "$(cat "$LAB_DIR/mysqld.pid")"
    for _ in $(seq 1 50); do pid_alive "$LAB_DIR/mysqld.pid" || break; sleep 0.2; done
    say "MariaDB stopped"
  fi
  rm -f "$LAB_DIR/php.pid"
}

if [ "$ACTION" = stop ]; then stop_all; exit 0; fi
if [ "$ACTION" = status ]; then
  pid_alive "$LAB_DIR/mysqld.pid" && say "MariaDB running (socket $SOCKET)" || say "MariaDB not running"
  pid_alive "$LAB_DIR/php.pid" && say "WooCommerce at $WOO_URL/" || say "PHP server not running"
  exit 0
fi
if [ "$ACTION" = reset ]; then stop_all; rm -rf "$LAB_DIR"; say "removed $LAB_DIR"; ACTION=start; fi

case "$LAB_DIR" in "$REPO_DIR"*) die "LAB_DIR must be outside the repository" ;; esac

# 1. System packages (Debian's PHP 8.2 and MariaDB 10.11).
need=()
command -v php >/dev/null 2>&1 || need+=(php-cli)
php -m 2>/dev/null | grep -qi '^mysqli$' || need+=(php-mysql)
# gd: WordPress refuses image uploads without an image editor (store-api-client lab test).
for ext in mbstring xml intl curl bcmath gd; do
  php -m 2>/dev/null | grep -qi "^$ext$" || need+=("php-$ext")
done
command -v mariadbd >/dev/null 2>&1 || need+=(mariadb-server mariadb-client)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]} from apt"
  [ "$(id -u)" = 0 ] || die "run as root to install ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# Debian starts a system MariaDB on install; the lab uses its own private instance.
mkdir -p "$LAB_DIR"

# 2. WordPress core and the WooCommerce plugin from the snapshots (once).
if [ ! -f "$WP_DIR/.cartwright-lab-core" ]; then
  [ -d "$WP_CORE_GIT" ] || die "WP_CORE_GIT=$WP_CORE_GIT is not a git directory (fetch johnpbloch/wordpress-core)"
  say "WordPress 6.8.8 from $WP_CORE_GIT"
  rm -rf "$WP_DIR" && mkdir -p "$WP_DIR"
  git --git-dir="$WP_CORE_GIT" archive "$WP_COMMIT" | tar -x -C "$WP_DIR"
  touch "$WP_DIR/.cartwright-lab-core"
fi
if [ ! -f "$WP_DIR/wp-content/plugins/woocommerce/.cartwright-lab" ]; then
  [ -d "$WOO_GIT" ] || die "WOO_GIT=$WOO_GIT is not a git directory (fetch Kunal2703/Urumi-sandbox)"
  say "WooCommerce 10.2.4 from $WOO_GIT"
  rm -rf "$WP_DIR/wp-content/plugins/woocommerce"
  # The snapshot lacks some large blobs of other plugins; git names them on stderr and goes on.
  git --git-dir="$WOO_GIT" archive "$WOO_COMMIT" plugins/woocommerce 2>"$LAB_DIR/archive.log" \
    | tar -x -C "$WP_DIR/wp-content"
  grep -q 'Version: 10.2.4' "$WP_DIR/wp-content/plugins/woocommerce/woocommerce.php" \
    || die "the snapshot's woocommerce.php is not 10.2.4"
  touch "$WP_DIR/wp-content/plugins/woocommerce/.cartwright-lab"
fi

# 3. A private MariaDB: own data directory and socket, no TCP.
if [ ! -d "$DB_DIR/mysql" ]; then
  say "creating the MariaDB data directory"
  mkdir -p "$DB_DIR" && chown -R mysql:mysql "$DB_DIR"
  mariadb-install-db --user=mysql --datadir="$DB_DIR" --auth-root-authentication-method=normal \
    --skip-test-db >"$LAB_DIR/mysql-install.log" 2>&1 || die "mariadb-install-db failed: $LAB_DIR/mysql-install.log"
fi
chown mysql:mysql "$LAB_DIR"
if ! pid_alive "$LAB_DIR/mysqld.pid"; then
  say "starting MariaDB"
  # A socket left by a machine restart would look ready before the server is.
  rm -f "$SOCKET"
  mariadbd --user=mysql --datadir="$DB_DIR" --socket="$SOCKET" --skip-networking \
    --pid-file="$LAB_DIR/mysqld.pid" --log-error="$LAB_DIR/mysqld.log" >/dev/null 2>&1 &
  for _ in $(seq 1 150); do
    mariadb-admin --socket="$SOCKET" --user=root ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  mariadb-admin --socket="$SOCKET" --user=root ping >/dev/null 2>&1 \
    || die "MariaDB did not start: $LAB_DIR/mysqld.log"
fi
mariadb --socket="$SOCKET" -uroot -e "CREATE DATABASE IF NOT EXISTS cartwright_woo CHARACTER SET utf8mb4; CREATE USER IF NOT EXISTS 'woo'@'localhost' IDENTIFIED BY 'woo'; GRANT ALL ON cartwright_woo.* TO 'woo'@'localhost';"

# 4. wp-config.php, the mail catcher and the router for PHP's built-in server.
if [ ! -f "$WP_DIR/wp-config.php" ]; then
  say "writing wp-config.php"
  salts=$(php -r 'foreach (["AUTH_KEY","SECURE_AUTH_KEY","LOGGED_IN_KEY","NONCE_KEY","AUTH_SALT","SECURE_AUTH_SALT","LOGGED_IN_SALT","NONCE_SALT"] as $k) printf("define(%s, %s);\n", var_export($k, true), var_export(bin2hex(random_bytes(32)), true));')
  cat >"$WP_DIR/wp-config.php" <<PHP
<?php
define('DB_NAME', 'cartwright_woo');
define('DB_USER', 'woo');
define('DB_PASSWORD', 'woo');
define('DB_HOST', 'localhost:$SOCKET');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$salts
\$table_prefix = 'wp_';
define('WP_HOME', '$WOO_URL');
define('WP_SITEURL', '$WOO_URL');
define('WP_DEBUG', false);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
PHP
fi
mkdir -p "$WP_DIR/wp-content/mu-plugins" "$LAB_DIR/mail"
cat >"$WP_DIR/wp-content/mu-plugins/cartwright-lab-mail.php" <<PHP
<?php
// The lab has no mail server: every mail is written to $LAB_DIR/mail as JSON instead.
add_filter('pre_wp_mail', function (\$null, \$atts) {
  file_put_contents('$LAB_DIR/mail/' . microtime(true) . '.json', wp_json_encode(\$atts));
  return true;
}, 10, 2);
PHP
cat >"$LAB_DIR/router.php" <<'PHP'
<?php
// php -S router: real files are served as they are, everything else goes to WordPress.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ($path !== '/' && is_file($file) && substr($file, -4) !== '.php') return false;
if ($path !== '/' && is_file($file)) { require $file; return true; }
$_SERVER['SCRIPT_NAME'] = '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
PHP

# 5. Install WordPress and WooCommerce and create the shop (skipped when done).
say "installing WordPress, WooCommerce and the shop (skipped parts already done)"
for phase in install activate shop coupons; do
  php -d memory_limit=1024M "$REPO_DIR/scripts/woocommerce-lab/setup.php" "$WP_DIR" "$WOO_URL" "$phase" \
    || die "the shop setup failed in its $phase phase"
done

# 5b. The Cartwright companion plugin: a symlink to this repository's folder (so edits show at
# once), active with LAB_COMPANION=1, inactive otherwise.
if [ "$LAB_COMPANION" = 1 ]; then
  ln -sfn "$REPO_DIR/wordpress/cartwright-companion" "$WP_DIR/wp-content/plugins/cartwright-companion"
  php "$REPO_DIR/scripts/woocommerce-lab/setup.php" "$WP_DIR" "$WOO_URL" companion on \
    || die "the companion plugin could not be activated"
elif [ -e "$WP_DIR/wp-content/plugins/cartwright-companion" ]; then
  php "$REPO_DIR/scripts/woocommerce-lab/setup.php" "$WP_DIR" "$WOO_URL" companion off \
    || die "the companion plugin could not be deactivated"
fi

# 5c. The page cart-queue's lab tests drive: WooCommerce's own classic loop and mini-cart.
php "$REPO_DIR/scripts/woocommerce-lab/cart-queue-setup.php" "$WP_DIR" >/dev/null \
  || die "the cart-queue lab page could not be set up"

# 6. Serve it.
if ! pid_alive "$LAB_DIR/php.pid"; then
  say "starting PHP's server on $WOO_URL (4 workers)"
  PHP_CLI_SERVER_WORKERS=4 php -d memory_limit=512M -S "127.0.0.1:${LAB_PORT}" -t "$WP_DIR" "$LAB_DIR/router.php" \
    >"$LAB_DIR/php.log" 2>&1 &
  echo $! >"$LAB_DIR/php.pid"
fi
for _ in $(seq 1 100); do
  curl -sf -o /dev/null "$WOO_URL/wp-json/wc/store/v1/products?per_page=1" && break
  sleep 0.3
done
curl -sf -o /dev/null "$WOO_URL/wp-json/wc/store/v1/products?per_page=1" || die "WooCommerce does not answer: $LAB_DIR/php.log"
say "WooCommerce $(php -r "echo preg_match('/Version: ([0-9.]+)/', file_get_contents('$WP_DIR/wp-content/plugins/woocommerce/woocommerce.php'), \$m) ? \$m[1] : '?';") on WordPress 6.8.8 at $WOO_URL/"
say "logins: admin / $(cat "$LAB_DIR/admin-password"), shopper / $(cat "$LAB_DIR/shopper-password"); mail in $LAB_DIR/mail"
