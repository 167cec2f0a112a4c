#!/usr/bin/env bash
# Installs board: both programs as self-contained release binaries, the systemd user units,
# the tmux snippet and the shell completions. Running it again changes only what differs,
# and it says what it did.
#
#   scripts/install.sh [--binaries DIR] [PREFIX]
#   scripts/install.sh --uninstall [PREFIX]
#
#   PREFIX          where to install (default ~/.local): PREFIX/bin/board, PREFIX/bin/boardd,
#                   PREFIX/share/board/tmux.conf, and the completions
#   --binaries DIR  install board and boardd from DIR instead of building them
#   --uninstall     remove what an install to PREFIX put in place (your state and config stay)
#
# Under your home (the default), the units go to ~/.config/systemd/user and the bash and fish
# completions to the places those shells look for a user's own; with a system prefix such as
# /usr/local they go under PREFIX (PREFIX/lib/systemd/user, PREFIX/share/...).
set -euo pipefail

usage() { sed -n '2,17s/^# \{0,1\}//p' "$0"; }

prefix="$HOME/.local"
binaries=""
binaries_given=0
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --binaries) [ $# -ge 2 ] || { echo "install.sh: --binaries needs a directory" >&2; exit 2; }; binaries="$2"; binaries_given=1; shift 2 ;;
    --binaries=*) binaries="${1#*=}"; binaries_given=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    -*) echo "install.sh: unknown option $1; see scripts/install.sh --help" >&2; exit 2 ;;
    *)
      [ -z "${prefix_given:-}" ] || { echo "install.sh: one PREFIX only, not both $prefix and $1; see scripts/install.sh --help" >&2; exit 2; }
      prefix="$1"; prefix_given=1; shift ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) prefix="$PWD/$prefix" ;;
esac
prefix="${prefix%/}"
repo="$(cd "$(dirname "$0")/.." && pwd)"

# Where everything goes.
bin="$prefix/bin"
share="$prefix/share"
case "$prefix" in
  "$HOME" | "$HOME"/*)
    user_install=1
    units="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    bash_completion="${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion/completions/board"
    fish_completion="${XDG_CONFIG_HOME:-$HOME/.config}/fish/completions/board.fish"
    ;;
  *)
    user_install=0
    units="$prefix/lib/systemd/user"
    bash_completion="$share/bash-completion/completions/board"
    fish_completion="$share/fish/vendor_completions.d/board.fish"
    ;;
esac
zsh_completion="$share/zsh/site-functions/_board"

# shown PATH: PATH as it can be pasted into a shell or tmux.conf: in single quotes when it needs
# quoting (nothing expands inside them), a quote in it written '\''.
shown() {
  case "$1" in
    *[!A-Za-z0-9_./+-]*) printf "'%s'" "${1//\'/\'\\\'\'}" ;;
    *) printf '%s' "$1" ;;
  esac
}

# The service starts the boardd installed here.
exec_start="$bin/boardd"
case "$exec_start" in *" "*) exec_start="\"$exec_start\"" ;; esac
[ "$bin" = "$HOME/.local/bin" ] && exec_start="%h/.local/bin/boardd"

if [ "$uninstall" = 1 ]; then
  # A user's units and bash and fish completions are one set for every prefix under HOME: they are
  # this prefix's to remove only while its service starts this prefix's boardd.
  shared=("$units/boardd.service" "$units/boardd.socket" "$bash_completion" "$fish_completion")
  owned=1
  if [ "$user_install" = 1 ] && [ -f "$units/boardd.service" ] \
    && ! grep -qxF "ExecStart=$exec_start" "$units/boardd.service"; then
    owned=0
    for file in "${shared[@]}"; do echo "kept       $file (another install's: its service starts $(sed -n 's/^ExecStart=//p' "$units/boardd.service" | head -n 1))"; done
  fi
  # The units stopped first, so that no boardd keeps running from a removed binary.
  if [ "$owned" = 1 ] && [ "$user_install" = 1 ] && systemctl --user show-environment >/dev/null 2>&1; then
    systemctl --user disable --now boardd.socket boardd.service >/dev/null 2>&1 && echo "ran        systemctl --user disable --now boardd.socket boardd.service"
  fi
  files=("$bin/board" "$bin/boardd" "$share/board/tmux.conf" "$zsh_completion")
  [ "$owned" = 1 ] && files+=("${shared[@]}")
  failed=0
  for file in "${files[@]}"; do
    if ! [ -e "$file" ] && ! [ -L "$file" ]; then
      echo "absent     $file"
    elif rm -f "$file" 2>/dev/null; then
      echo "removed    $file"
    else
      echo "install.sh: cannot remove $file; run it as the user who installed it (root for a system prefix)" >&2
      failed=1
    fi
  done
  rmdir "$share/board" 2>/dev/null || true
  # A boardd that board started by itself (no systemd) runs on from the removed file: say which.
  for process in /proc/[0-9]*; do
    if [ "$(readlink "$process/exe" 2>/dev/null)" = "$bin/boardd (deleted)" ]; then
      echo "still runs from the removed $bin/boardd: pid ${process#/proc/} (stop it: kill ${process#/proc/})"
    fi
  done
  if [ "$user_install" = 1 ] && systemctl --user show-environment >/dev/null 2>&1; then
    systemctl --user daemon-reload && echo "ran        systemctl --user daemon-reload"
  fi
  echo
  echo "left in place: your pins and settings (${XDG_STATE_HOME:-$HOME/.local/state}/board), a config you wrote"
  echo "(${XDG_CONFIG_HOME:-$HOME/.config}/board), and the source-file and fpath lines you added to ~/.tmux.conf and ~/.zshrc."
  [ "$user_install" = 1 ] || echo "each user who enabled the units: systemctl --user disable --now boardd.socket boardd.service"
  exit "$failed"
fi

if [ "$binaries_given" = 1 ] && [ -z "$binaries" ]; then
  echo "install.sh: --binaries needs a directory, not an empty word" >&2
  exit 2
fi
if [ -z "$binaries" ]; then
  command -v swift >/dev/null 2>&1 || {
    echo "install.sh: swift is not on PATH; install the Swift toolchain, or build elsewhere and give --binaries DIR" >&2
    exit 1
  }
  echo "building release binaries (swift build -c release)"
  (cd "$repo" && swift build -c release)
  binaries="$(cd "$repo" && swift build -c release --show-bin-path)"
fi
for program in board boardd; do
  [ -x "$binaries/$program" ] || { echo "install.sh: no $program in $binaries" >&2; exit 1; }
done

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
changed_units=0
changed_boardd=0

# put SOURCE MODE DEST: copies SOURCE to DEST unless it is already there, atomically
# (a temporary file renamed into place, so a running boardd keeps its old binary); `put_changed`
# says whether it did. One that cannot be written stops the install, exit 1, saying which.
put() {
  local source="$1" mode="$2" dest="$3"
  put_changed=0
  if [ -f "$dest" ] && cmp -s "$source" "$dest"; then
    echo "unchanged  $dest"
    return 0
  fi
  if ! { mkdir -p "$(dirname "$dest")" && install -m "$mode" "$source" "$dest.new.$$" && mv -f "$dest.new.$$" "$dest"; }; then
    rm -f "$dest.new.$$" 2>/dev/null || true
    echo "install.sh: cannot write $dest; stopped there (run it as a user who may write $(shown "$prefix"), or choose another PREFIX)" >&2
    exit 1
  fi
  put_changed=1
  echo "installed  $dest"
}

put "$binaries/board" 0755 "$bin/board"
put "$binaries/boardd" 0755 "$bin/boardd"
changed_boardd=$put_changed

# The path as it is, whatever it holds (`&`, `|`, `\`): a line replaced, not a sed expression.
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    ExecStart=*) printf 'ExecStart=%s\n' "$exec_start" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$repo/config/boardd.service" > "$staging/boardd.service"
# A user's units are one set for every prefix under HOME: taking them from another install is said.
previous_start=""
if [ "$user_install" = 1 ] && [ -f "$units/boardd.service" ]; then
  previous_start="$(sed -n 's/^ExecStart=//p' "$units/boardd.service" | head -n 1)"
fi
put "$staging/boardd.service" 0644 "$units/boardd.service"
if [ -n "$previous_start" ] && [ "$previous_start" != "$exec_start" ]; then
  echo "           (it started $previous_start, another install's; it starts $exec_start now)"
fi
changed_units=$put_changed
put "$repo/config/boardd.socket" 0644 "$units/boardd.socket"
[ "$put_changed" = 1 ] && changed_units=1

put "$repo/config/tmux.conf" 0644 "$share/board/tmux.conf"

"$binaries/board" completions bash > "$staging/board.bash"
"$binaries/board" completions zsh > "$staging/_board"
"$binaries/board" completions fish > "$staging/board.fish"
put "$staging/board.bash" 0644 "$bash_completion"
put "$staging/_board" 0644 "$zsh_completion"
put "$staging/board.fish" 0644 "$fish_completion"

# A running user manager learns about changed units now.
if [ "$changed_units" = 1 ] && [ "$user_install" = 1 ] && systemctl --user show-environment >/dev/null 2>&1; then
  systemctl --user daemon-reload && echo "ran        systemctl --user daemon-reload"
fi

echo
echo "next steps:"
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "  put $bin on your PATH (e.g. in ~/.profile: PATH=$(shown "$bin"):\$PATH)" ;;
esac
case "$units" in
  "${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user" | /usr/lib/systemd/user | /usr/local/lib/systemd/user | /etc/systemd/user) ;;
  *) echo "  systemd does not look in $units: link the units into ~/.config/systemd/user (systemctl --user link FILE)" ;;
esac
echo "  start boardd with its socket, now and at every login:"
echo "      systemctl --user daemon-reload && systemctl --user enable --now boardd.socket"
if [ "$changed_boardd" = 1 ] && systemctl --user is-active --quiet boardd.service 2>/dev/null; then
  echo "  boardd is running the old binary: systemctl --user restart boardd"
fi
echo "  tmux: add to ~/.tmux.conf:  source-file $(shown "$share/board/tmux.conf")"
case "$share" in
  /usr/share | /usr/local/share) ;;
  *) echo "  zsh: add to ~/.zshrc, before compinit:  fpath=($(shown "$share/zsh/site-functions") \$fpath)" ;;
esac
# bash-completion and fish look under /usr/share (and ~/.local/share); fish under /usr/local/share
# only where XDG_DATA_DIRS names it.
if [ "$user_install" = 0 ] && [ "$share" != /usr/share ]; then
  echo "  bash: add to ~/.bashrc:  source $(shown "$bash_completion")"
  echo "  fish: add to ~/.config/fish/config.fish:  set -p fish_complete_path $(shown "$share/fish/vendor_completions.d")"
fi
echo "  to remove it all again: scripts/install.sh --uninstall$( [ "$prefix" = "$HOME/.local" ] || printf ' %s' "$(shown "$prefix")")"
