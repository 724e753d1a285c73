#!/bin/sh
# Fetches the Debian packages the clap corpus is made from and unpacks them under PKGROOT
# (no maintainer scripts, nothing installed system-wide). Packages already fetched are kept.
#   scripts/clap-corpus/fetch-sources.sh CACHE_DIR     (unpacks into CACHE_DIR/pkgroot)
# Needs apt-get (after `apt-get update`) and dpkg-deb. Exit 3 when a package cannot be had.
set -eu
cache=${1:?usage: fetch-sources.sh CACHE_DIR}
packages="hydrogen-drumkits hydrogen-data scratch chuck-data python-kivy-examples freepats \
sonic-pi-samples lmms-common alsa-utils ktuberling-data fillets-ng-data \
foobillardplus-data tuxfootball frozen-bubble-data tuxtype-data"
mkdir -p "$cache/debs" "$cache/pkgroot"
cd "$cache/debs"
for package in $packages; do
    if ! ls "${package}"_*.deb >/dev/null 2>&1; then
        if ! apt-get download "$package" >/dev/null 2>&1; then
            # The package lists may be missing or old on a fresh machine.
            apt-get update -qq >/dev/null 2>&1 || true
            apt-get download "$package" >/dev/null 2>&1 || { echo "fetch-sources: cannot download the Debian package $package" >&2; exit 3; }
        fi
    fi
done
for deb in *.deb; do
    stamp="../pkgroot/.unpacked-$deb"
    [ -f "$stamp" ] || { dpkg-deb -x "$deb" ../pkgroot && touch "$stamp"; }
done
