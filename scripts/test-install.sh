#!/usr/bin/env bash
# make test (last step): `make install` into temporary prefixes, then use what was installed as a user
# would — the binary's --version, the bash completion sourced in bash, the manual page read with
# `man -l`, the example config checked — and `make uninstall`, which must leave nothing behind.
# Installs the debug build `make test` has just built (CONFIGURATION=debug), so nothing is rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "test-install: FAILED: $*" >&2; exit 1; }

prefix="$work/prefix"
make --no-print-directory install CONFIGURATION=debug PREFIX="$prefix" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; fail "make install"; }

version="$("$prefix/bin/riffle" --version)"
[[ "$version" =~ ^riffle\ [0-9]+\.[0-9]+\.[0-9]+\ libcurl/[0-9.]+.*\ libyaml/[0-9.]+ ]] \
  || fail "--version printed: $version"

completion="$(bash -c "source '$prefix/share/bash-completion/completions/riffle' && complete -p riffle")"
[[ "$completion" == "complete "*"-F _riffle riffle" ]] || fail "bash completion: $completion"
grep -q "compdef _riffle riffle\|#compdef riffle" "$prefix/share/zsh/site-functions/_riffle" || fail "zsh completion"
grep -q "complete -c 'riffle'" "$prefix/share/fish/vendor_completions.d/riffle.fish" || fail "fish completion"

page="$(MANWIDTH=100 man -l "$prefix/share/man/man1/riffle.1" 2>"$work/man.log")" || fail "man -l: $(cat "$work/man.log")"
for expected in NAME SYNOPSIS riffle export init "--config"; do
  grep -q -- "$expected" <<<"$page" || fail "the manual page lacks $expected"
done

"$prefix/bin/riffle" check --config "$prefix/share/riffle/config.yaml" >"$work/check.log" 2>&1 \
  || { cat "$work/check.log" >&2; fail "the installed example config does not pass riffle check"; }
[ -x "$prefix/share/riffle/plugins/rest-events.py" ] || fail "the executable plugin lost its mode"

unit="$prefix/lib/systemd/user/riffle.service"
grep -qx "ExecStart=$prefix/bin/riffle serve" "$unit" || fail "the systemd user unit does not run $prefix/bin/riffle serve"
# The unit's command is one riffle reads: `serve` is a command of the installed binary.
"$prefix/bin/riffle" serve --help >/dev/null || fail "the installed riffle has no serve command"
# systemd's own check of the unit (keys, sections, the command executable); the manual page is looked up in
# the system's man path, where this prefix is not, so --man=no. A machine where systemd cannot start its
# checking manager (a container without /run/systemd) says so and is not a failure of the unit.
if command -v systemd-analyze >/dev/null; then
  if ! systemd-analyze verify --man=no "$unit" >"$work/unit.log" 2>&1; then
    if grep -q "riffle.service" "$work/unit.log"; then cat "$work/unit.log" >&2; fail "systemd-analyze verify"; fi
    echo "test-install: systemd-analyze could not run here ($(head -n 1 "$work/unit.log")): the unit is not verified"
  fi
else
  echo "test-install: systemd-analyze is not installed: the unit's keys are not verified (only its ExecStart)"
fi

make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "make uninstall left: $left"

stage="$work/stage"
make --no-print-directory install CONFIGURATION=debug DESTDIR="$stage" PREFIX=/usr >/dev/null 2>&1 \
  || fail "make install DESTDIR"
[ -x "$stage/usr/bin/riffle" ] && [ -f "$stage/usr/share/man/man1/riffle.1" ] || fail "DESTDIR is not honoured"
grep -qx "ExecStart=/usr/bin/riffle serve" "$stage/usr/lib/systemd/user/riffle.service" \
  || fail "with DESTDIR, the unit's ExecStart names the staged path, not PREFIX's"

echo "test-install: ok (install, --version, bash/zsh/fish completions, man -l, check, the systemd user unit, uninstall, DESTDIR)"
