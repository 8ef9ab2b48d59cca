#!/bin/sh
# Installs svc for the current user.
#
#   curl -fsSL <release host>/install.sh | sh
#
# Environment:
#   SVC_VERSION       release to install, e.g. 0.2.0 (default: the latest, from SVC_UPDATE_URL)
#   SVC_INSTALL_DIR   where releases are unpacked (default: ~/.local/share/svc)
#   SVC_BIN_DIR       where the `svc` launcher goes (default: ~/.local/bin)
#   SVC_RELEASE_URL   tarball address, `{version}` replaced (default: the GitHub release asset); file:// works
#   SVC_UPDATE_URL    GitHub-releases-style JSON naming the latest release (tag_name)
#   SVC_SOURCE_DIR    install from this local checkout (npm pack) instead of downloading
#   SVC_INSTALL_DEPS  0 skips `npm install` of the runtime dependencies (only `svc server` and `svc ui --local`
#                     need one: the native SQLite binding)
#
# Layout (what `svc update` relies on): $SVC_INSTALL_DIR/versions/<version>/, a `current` symlink switched in
# one rename, and $SVC_BIN_DIR/svc -> $SVC_INSTALL_DIR/current/dist/svc.js. A failed install leaves the
# previous version in place.
set -eu

INSTALL_DIR="${SVC_INSTALL_DIR:-$HOME/.local/share/svc}"
BIN_DIR="${SVC_BIN_DIR:-$HOME/.local/bin}"
# Kept out of ${…:-…}: the braces of `{version}` would end the expansion early.
DEFAULT_RELEASE_URL='https://github.com/svc-cli/svc/releases/download/v{version}/svc-{version}.tgz'
RELEASE_URL="${SVC_RELEASE_URL:-$DEFAULT_RELEASE_URL}"
UPDATE_URL="${SVC_UPDATE_URL:-https://api.github.com/repos/svc-cli/svc/releases/latest}"
VERSION="${SVC_VERSION:-}"

fail() {
  echo "error: $*" >&2
  exit 1
}

command -v node >/dev/null 2>&1 || fail "svc needs Node.js 20.19 or newer: install it first (https://nodejs.org)"
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  fail "svc needs Node.js 20.19 or newer (found $(node --version))"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT INT TERM

if [ -n "${SVC_SOURCE_DIR:-}" ]; then
  [ -f "$SVC_SOURCE_DIR/package.json" ] || fail "SVC_SOURCE_DIR=$SVC_SOURCE_DIR is not a checkout of svc"
  if [ ! -f "$SVC_SOURCE_DIR/dist/svc.js" ]; then
    (cd "$SVC_SOURCE_DIR" && npm run build --silent) || fail "could not build $SVC_SOURCE_DIR"
  fi
  (cd "$SVC_SOURCE_DIR" && npm pack --silent --pack-destination "$TMP" >/dev/null) || fail "npm pack failed in $SVC_SOURCE_DIR"
  TARBALL="$(ls "$TMP"/*.tgz)"
  VERSION="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).version)' "$SVC_SOURCE_DIR/package.json")"
else
  command -v curl >/dev/null 2>&1 || fail "curl is needed to download svc"
  if [ -z "$VERSION" ]; then
    ERR="$(curl -gfsSL -H 'Accept: application/vnd.github+json' "$UPDATE_URL" -o "$TMP/latest.json" 2>&1)" ||
      fail "could not find the latest release at $UPDATE_URL (set SVC_VERSION to choose one): ${ERR#curl: }"
    VERSION="$(node -e 'const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).tag_name; if (typeof t !== "string") process.exit(1); console.log(t.replace(/^v/, ""))' "$TMP/latest.json")" ||
      fail "$UPDATE_URL names no release (no tag_name)"
  fi
  VERSION="${VERSION#v}"
  case "$VERSION" in
    *[!0-9A-Za-z.-]* | "") fail "SVC_VERSION must look like 1.2.3 (got '$VERSION')" ;;
  esac
  URL="$(printf '%s' "$RELEASE_URL" | sed "s/{version}/$VERSION/g")"
  TARBALL="$TMP/svc-$VERSION.tgz"
  ERR="$(curl -gfsSL "$URL" -o "$TARBALL" 2>&1)" || fail "could not download svc $VERSION from $URL: ${ERR#curl: }"
fi

mkdir -p "$INSTALL_DIR/versions"
STAGING="$INSTALL_DIR/versions/.$VERSION.partial.$$"
rm -rf "$STAGING"
mkdir -p "$STAGING"
tar -xzf "$TARBALL" -C "$STAGING" --strip-components=1 || { rm -rf "$STAGING"; fail "could not unpack $TARBALL"; }
[ -f "$STAGING/dist/svc.js" ] || { rm -rf "$STAGING"; fail "the release has no dist/svc.js"; }

if [ "${SVC_INSTALL_DEPS:-1}" != "0" ]; then
  (cd "$STAGING" && npm install --omit=dev --no-audit --no-fund --no-package-lock --silent >/dev/null) ||
    { rm -rf "$STAGING"; fail "npm install of the runtime dependencies failed"; }
fi

rm -rf "$INSTALL_DIR/versions/$VERSION"
mv "$STAGING" "$INSTALL_DIR/versions/$VERSION"
# Switch `current` with one rename (portable: mv -T is GNU only).
ln -sfn "versions/$VERSION" "$INSTALL_DIR/current.new.$$"
node -e 'require("fs").renameSync(process.argv[1], process.argv[2])' "$INSTALL_DIR/current.new.$$" "$INSTALL_DIR/current"
chmod 755 "$INSTALL_DIR/current/dist/svc.js"

mkdir -p "$BIN_DIR"
ln -sfn "$INSTALL_DIR/current/dist/svc.js" "$BIN_DIR/svc"

echo "✓ Installed svc $VERSION in $INSTALL_DIR (launcher: $BIN_DIR/svc)"
case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) echo "Add $BIN_DIR to your PATH to run svc, e.g.: export PATH=\"$BIN_DIR:\$PATH\"" ;;
esac
