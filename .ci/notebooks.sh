#!/usr/bin/env bash
# Notebook tooling.
#   bash .ci/notebooks.sh setup   install Jupyter (apt, when missing) and the Deno kernelspec
#   bash .ci/notebooks.sh run     execute every notebook headless; fails on any cell error
#   bash .ci/notebooks.sh check   exit 0 when jupyter, nbconvert and the Deno kernel are ready
# Executed copies go to a temporary folder (or $NOTEBOOK_OUT); the notebooks in the repository
# stay without outputs.
set -uo pipefail
cd "$(dirname "$0")/.."

have_kernel() {
  jupyter kernelspec list 2>/dev/null | awk '{print $1}' | grep -qx deno
}

# nbconvert's --execute needs nbclient and jupyter-client; they come with the apt packages
# (checked through dpkg, since the `python3` on PATH may not be the one Jupyter runs on).
ready() {
  command -v jupyter >/dev/null 2>&1 &&
    jupyter nbconvert --version >/dev/null 2>&1 &&
    have_kernel
}

setup() {
  local packages=() p
  for p in jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel; do
    if command -v dpkg >/dev/null 2>&1; then
      dpkg -s "$p" >/dev/null 2>&1 || packages+=("$p")
    elif ! command -v jupyter >/dev/null 2>&1; then
      packages+=("$p")
    fi
  done
  if [ "${#packages[@]}" -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "notebooks: ${packages[*]} missing and apt-get is not available; install Jupyter by hand" >&2
      return 1
    fi
    echo "installing ${packages[*]} with apt-get"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
    $sudo apt-get update -qq || return 1
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${packages[@]}" >/dev/null || return 1
  fi
  if ! have_kernel; then
    echo "installing the Deno Jupyter kernelspec"
    deno jupyter --install || return 1
  fi
  ready && echo "notebook tooling ready: nbconvert $(jupyter nbconvert --version 2>/dev/null | head -1), deno kernel"
}

# Exit 0 when an executed notebook has a code cell without any output.
silent_cells() {
  python3 - "$1" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
empty = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and not c.get("outputs")]
sys.exit(0 if empty else 1)
PY
}

run() {
  if ! ready; then
    echo "notebooks: jupyter, nbconvert or the deno kernel is missing; run: bash .ci/notebooks.sh setup" >&2
    return 2
  fi
  local out="${NOTEBOOK_OUT:-$(mktemp -d)}"
  local failed=0 count=0
  mkdir -p "$out"
  for nb in notebooks/*.ipynb; do
    [ -e "$nb" ] || continue
    count=$((count + 1))
    echo "executing $nb"
    local name log attempt ok=0
    name="$(basename "$nb" .ipynb)"
    log="$out/$name.log"
    # The Deno kernel now and then loses a cell's display output (the cell runs, nothing is
    # shown, no error): every cell of these notebooks shows something, so an empty one means
    # the run is repeated (up to three runs).
    for attempt in 1 2 3; do
      # The kernel starts in the notebook's folder, so relative imports and fixture paths work.
      if ! jupyter nbconvert --to notebook --execute \
        --ExecutePreprocessor.kernel_name=deno \
        --ExecutePreprocessor.timeout="${NOTEBOOK_TIMEOUT:-600}" \
        --output-dir "$out" "$nb" >"$log" 2>&1; then
        break
      fi
      if silent_cells "$out/$name.ipynb"; then
        echo "  attempt $attempt: a code cell showed no output; executing again"
        continue
      fi
      ok=1
      break
    done
    if [ "$ok" -eq 1 ]; then
      echo "  ok -> $out/$name.ipynb"
    else
      failed=$((failed + 1))
      echo "  FAILED ($nb); last lines of the log:"
      tail -n 40 "$log" | sed 's/^/    /'
    fi
  done
  echo "notebooks: $((count - failed)) of $count executed without cell errors (outputs in $out)"
  [ "$count" -gt 0 ] && [ "$failed" -eq 0 ]
}

case "${1:-run}" in
setup) setup ;;
run) run ;;
check) ready ;;
*)
  echo "usage: bash .ci/notebooks.sh setup|run|check" >&2
  exit 2
  ;;
esac
