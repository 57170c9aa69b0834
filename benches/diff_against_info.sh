#!/bin/bash
# Whole-process benchmark: `mapscope diff OLD NEW` against `mapscope info OLD`
# and `mapscope info NEW` run one after the other, on the corpus's versions
# pairs (what a user waits for either way). The three commands take turns,
# RUNS rounds of them, so that a busy spell of a shared machine falls on
# both sides; each pair's medians (and least times) and their ratio are
# printed. Run it on a release build.
#
#   benches/diff_against_info.sh [MAPSCOPE_BINARY] [RUNS]
#
# MAPSCOPE_CORPUS names the corpus (default ../shared/corpus).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/target/release/mapscope}
runs=${2:-30}
corpus=${MAPSCOPE_CORPUS:-$here/../shared/corpus}
exec python3 - "$bin" "$runs" "$corpus/versions" <<'PY'
import statistics, subprocess, sys, time
bin, runs, v = sys.argv[1], int(sys.argv[2]), sys.argv[3] + "/"
pairs = [
    ("BoulderVale_v1.6_2025-06-22_1d75322.w3x", "BoulderVale_v1.6_2025-09-07_83da33d.w3x"),
    ("BoulderVale_v1.6_2025-09-07_83da33d.w3x", "BoulderVale_v1.6_2025-10-04_5253203.w3x"),
    ("TurtleRock_v2.0_2025-09-07_83da33d.w3x", "TurtleRock_v2.0_2025-10-04_97880cf.w3x"),
    ("TurtleRock_v2.0_2025-10-04_97880cf.w3x", "TurtleRock_v2.0_2025-10-05_bc01869.w3x"),
    ("Nightopia_2025-06-22_1d75322.w3x", "Nightopia_2025-09-07_83da33d.w3x"),
    ("IceFlow_TFTbeta299.w3x", "IceFlow_TFTbeta302.w3x"),
    ("LostTemple_ROCbeta103.w3m", "LostTemple_ROCbeta110.w3m"),
]
def took(*args):
    start = time.perf_counter()
    subprocess.run([bin, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000
for old, new in pairs:
    info, diff = [], []
    for _ in range(runs):
        info.append(took("info", v + old) + took("info", v + new))
        diff.append(took("diff", v + old, v + new))
    i, d = statistics.median(info), statistics.median(diff)
    print(f"{old:44} info both {i:6.1f} ms (least {min(info):5.1f}), "
          f"diff {d:6.1f} ms (least {min(diff):5.1f}), ratio {d / i:.2f}")
PY
