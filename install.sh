#!/bin/sh
# Installs svc for the current user.
#
#   curl -fsSL <release host>/install.sh | sh
#
# svc has no release host of its own: a download needs a release source you name (SVC_UPDATE_URL, or
# SVC_VERSION with SVC_RELEASE_URL), or a local checkout (SVC_SOURCE_DIR). Nothing else is contacted.
#
# Environment:
#   SVC_VERSION       release to install, e.g. 0.2.0 (default: the latest, from SVC_UPDATE_URL)
#   SVC_INSTALL_DIR   where releases are unpacked (default: ~/.local/share/svc)
#   SVC_BIN_DIR       where the `svc` launcher goes (default: ~/.local/bin)
#   SVC_RELEASE_URL   tarball address, `{version}` replaced (default: the .tgz asset the SVC_UPDATE_URL document
#                     lists for that release); file:// works
#   SVC_UPDATE_URL    GitHub-releases-style JSON naming the latest release (tag_name, assets)
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
RELEASE_URL="${SVC_RELEASE_URL:-}"
UPDATE_URL="${SVC_UPDATE_URL:-}"
VERSION="${SVC_VERSION:-}"
NO_SOURCE="no release source is configured: svc names no release host of its own — set SVC_UPDATE_URL (a GitHub-releases-style JSON document), or SVC_VERSION and SVC_RELEASE_URL, or SVC_SOURCE_DIR to install from a checkout"

fail() {
  echo "error: $*" >&2
  exit 1
}

check_version() {
  case "$1" in
    *[!0-9A-Za-z.-]* | "") fail "SVC_VERSION must look like 1.2.3 (got '$1')" ;;
  esac
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
  VERSION="${VERSION#v}"
  [ -z "$VERSION" ] || check_version "$VERSION"
  [ -n "$UPDATE_URL" ] || { [ -n "$VERSION" ] && [ -n "$RELEASE_URL" ]; } || fail "$NO_SOURCE"
  command -v curl >/dev/null 2>&1 || fail "curl is needed to download svc"
  if [ -z "$VERSION" ] || [ -z "$RELEASE_URL" ]; then
    ERR="$(curl -gfsSL -H 'Accept: application/vnd.github+json' "$UPDATE_URL" -o "$TMP/latest.json" 2>&1)" ||
      fail "could not find the latest release at $UPDATE_URL (set SVC_VERSION to choose one): ${ERR#curl: }"
  fi
  if [ -z "$VERSION" ]; then
    VERSION="$(node -e 'const t = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).tag_name; if (typeof t !== "string") process.exit(1); console.log(t.replace(/^v/, ""))' "$TMP/latest.json")" ||
      fail "$UPDATE_URL names no release (no tag_name)"
  fi
  VERSION="${VERSION#v}"
  check_version "$VERSION"
  if [ -n "$RELEASE_URL" ]; then
    URL="$(printf '%s' "$RELEASE_URL" | sed "s/{version}/$VERSION/g")"
  else
    URL="$(node -e 'const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const a = (Array.isArray(d.assets) ? d.assets : []).find((x) => x && typeof x.name === "string" && x.name.endsWith(".tgz") && typeof x.browser_download_url === "string"); if (!a || String(d.tag_name).replace(/^v/, "") !== process.argv[2]) process.exit(1); console.log(a.browser_download_url)' "$TMP/latest.json" "$VERSION")" ||
      fail "$UPDATE_URL lists no .tgz asset for svc $VERSION (set SVC_RELEASE_URL to its address)"
  fi
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
