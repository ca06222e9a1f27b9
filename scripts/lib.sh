# Shared steps of scripts/serve and scripts/test (sourced, not run).
# Each step does only what is missing, so a second run is fast.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '%s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

need_command() {  # need_command CMD "how to get it"
  command -v "$1" >/dev/null 2>&1 || die "$1 not found. $2"
}

# sha256 of files, one line
fingerprint() { cat "$@" | sha256sum | cut -d' ' -f1; }

# npm ci when node_modules is missing or was installed from another package-lock.json.
ensure_node_modules() {
  need_command node "Install Node.js 20 or newer (Debian: apt-get install -y nodejs npm)."
  need_command npm "Install npm (Debian: apt-get install -y npm)."
  local stamp="node_modules/.settebello-lock.sha256" want
  want="$(fingerprint package.json package-lock.json)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    log "==> npm ci (node_modules missing or outdated)"
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
    printf '%s\n' "$want" >"$stamp"
  fi
}

# Copy the runtime into static/vendor/ and pack py/ (about a second; always redone).
build_vendor() {
  log "==> build static/vendor/"
  python3 scripts/build.py
}
