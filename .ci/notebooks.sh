#!/usr/bin/env bash
# Notebook tooling.
#   bash .ci/notebooks.sh setup   install Jupyter (apt, when missing) and the Deno kernelspec
#   bash .ci/notebooks.sh run [NB.ipynb ...]
#                                 execute every notebook (or those named) headless; fails on any
#                                 cell error or on output that went missing (after three runs)
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

# The Python that Jupyter runs on (the `python3` on PATH may be another one, without nbclient).
jupyter_python() {
  local launcher
  launcher="$(command -v jupyter)" || return 1
  head -n 1 "$launcher" | sed -n 's/^#! *\([^ ]*\).*/\1/p' | grep . || echo python3
}

# Executes one notebook and checks that every output it asked for arrived. Each code cell is
# run with a first line that names it, and Deno.jupyter.display and console.* are counted per
# cell; a cell with fewer display outputs than display calls, no stdout though it logged, or no
# output at all has lost output (the Deno kernel now and then drops one: the cell runs, nothing
# is shown, no error). Writes the executed copy, without the counting, to OUT_DIR.
# Exit status: 0 complete, 3 output lost (worth another run), 1 a cell error or no kernel.
execute_checked() {
  "$(jupyter_python)" - "$1" "$2" "${NOTEBOOK_TIMEOUT:-600}" <<'PY'
import json, os, sys
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionComplete
from nbclient.util import ensure_async
from nbclient.exceptions import CellExecutionError

src, out_dir, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3])
nb = nbformat.read(src, as_version=4)
# Counting wraps whatever Deno.jupyter.display is when each cell starts, so a notebook that
# replaces it is counted too; the count reaches the kernel's own call through that wrapper.
SETUP = r"""{
  const g = globalThis as any;
  g.__financeCounts = {};
  const bump = (kind: string) => {
    const cell = g.__financeCell;
    if (cell === undefined) return;
    const seen = (g.__financeCounts[cell] ??= { display: 0, stdout: 0, stderr: 0 });
    seen[kind]++;
  };
  g.__financeWrap = () => {
    const inner = Deno.jupyter.display as any;
    if (inner.__financeCounted) return;
    const counted = (...args: unknown[]) => (bump("display"), inner.apply(Deno.jupyter, args));
    (counted as any).__financeCounted = true;
    (Deno.jupyter as any).display = counted;
  };
  for (const [name, kind] of [["log", "stdout"], ["info", "stdout"], ["table", "stdout"],
    ["warn", "stderr"], ["error", "stderr"]]) {
    const write = (console as any)[name].bind(console);
    (console as any)[name] = (...args: unknown[]) => (bump(kind), write(...args));
  }
}"""
REPORT = 'globalThis.__financeCell = undefined;\nconsole.log("__FINANCE_COUNTS__" + JSON.stringify((globalThis as any).__financeCounts));'
DRAIN = "await new Promise((resolve) => setTimeout(resolve, 500));"
cells = nb.cells
code = [i for i, c in enumerate(cells) if c.cell_type == "code"]
sources = {i: cells[i].source for i in code}
for i in code:
    cells[i].source = f"globalThis.__financeCell = {i}; (globalThis as any).__financeWrap();\n" + sources[i]
nb.cells = [nbformat.v4.new_code_cell(SETUP)] + cells + [nbformat.v4.new_code_cell(REPORT), nbformat.v4.new_code_cell(DRAIN)]
# The Deno kernel (2.9) can report a cell idle before that cell's stream and display messages
# reach the iopub channel (about one cell in seven in a probe of a cell that logs and displays);
# nbclient stops listening for a cell at its idle and drops what comes after. Messages are
# routed instead to the cell they answer, by parent message id, while later cells run; a last
# cell waits a moment so the final cells' late messages arrive too.
class RoutingClient(NotebookClient):
    owners = {}

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        self.owners[parent_msg_id] = (cell, cell_index)
        while True:
            msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=None))
            owner = self.owners.get(msg["parent_header"].get("msg_id"))
            if owner is None:
                continue
            if owner[0] is cell:
                try:
                    self.process_message(msg, cell, cell_index)
                except CellExecutionComplete:
                    return
            elif msg["msg_type"] in ("stream", "display_data", "execute_result", "error"):
                self.process_message(msg, *owner)

client = RoutingClient(nb, kernel_name="deno", timeout=timeout,
                       resources={"metadata": {"path": os.path.dirname(os.path.abspath(src))}})
status, problems = 0, []
try:
    client.execute()
except CellExecutionError as err:
    status, problems = 1, [str(err)[-3000:]]
except Exception as err:  # the kernel died or did not start
    status, problems = 1, [f"{type(err).__name__}: {err}"]
report = nb.cells[-2]
nb.cells = nb.cells[1:-2]
for i in code:
    nb.cells[i].source = sources[i]
if status == 0:
    text = "".join(o.get("text", "") for o in report.outputs if o.get("output_type") == "stream")
    marker = text.find("__FINANCE_COUNTS__")
    counts = json.loads(text[marker + len("__FINANCE_COUNTS__"):].splitlines()[0]) if marker >= 0 else None
    if counts is None:
        status, problems = 3, ["the display counts did not come back from the kernel"]
    for i in code:
        outs = nb.cells[i].outputs
        want = (counts or {}).get(str(i), {"display": 0, "stdout": 0, "stderr": 0})
        shown = sum(1 for o in outs if o.output_type == "display_data")
        lines = {name: sum(o.get("text", "").count("\n") for o in outs
                           if o.output_type == "stream" and o.get("name") == name)
                 for name in ("stdout", "stderr")}
        missing = []
        if shown < want["display"]:
            missing.append(f"{want['display'] - shown} of {want['display']} displays")
        for name in ("stdout", "stderr"):
            if lines[name] < want[name]:
                missing.append(f"{name} of {want[name]} console calls ({lines[name]} lines)")
        if not outs:
            missing.append("every output (the cell showed nothing)")
        if missing:
            status = 3
            problems.append(f"cell {i} lost {', '.join(missing)}")
nbformat.write(nb, os.path.join(out_dir, os.path.basename(src)))
for p in problems:
    print(p)
sys.exit(status)
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
  local notebooks=("$@")
  [ "${#notebooks[@]}" -gt 0 ] || notebooks=(notebooks/*.ipynb)
  for nb in "${notebooks[@]}"; do
    [ -e "$nb" ] || continue
    count=$((count + 1))
    echo "executing $nb"
    local name log attempt ok=0 code
    name="$(basename "$nb" .ipynb)"
    log="$out/$name.log"
    # A run that lost output is repeated (up to three runs); a cell error is not.
    for attempt in 1 2 3; do
      # The kernel starts in the notebook's folder, so relative imports and fixture paths work.
      execute_checked "$nb" "$out" >"$log" 2>&1
      code=$?
      if [ "$code" -eq 3 ]; then
        echo "  attempt $attempt: output went missing; executing again"
        sed 's/^/    /' "$log" | grep -v 'is unstable' | head -n 5
        continue
      fi
      [ "$code" -eq 0 ] && ok=1
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
  echo "notebooks: $((count - failed)) of $count executed with every cell's output and no cell error (outputs in $out)"
  [ "$count" -gt 0 ] && [ "$failed" -eq 0 ]
}

case "${1:-run}" in
setup) setup ;;
run)
  shift
  run "$@"
  ;;
check) ready ;;
*)
  echo "usage: bash .ci/notebooks.sh setup|run|check" >&2
  exit 2
  ;;
esac
