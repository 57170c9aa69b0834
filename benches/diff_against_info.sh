#!/bin/bash
# Whole-process benchmark: `mapscope diff OLD NEW` against `mapscope info OLD`
# and `mapscope info NEW` run one after the other, on the corpus's versions
# pairs (what a user waits for either way). Prints each pair's mean times
# and their ratio; run it on an idle machine, on a release build.
#
#   benches/diff_against_info.sh [MAPSCOPE_BINARY] [RUNS]
#
# MAPSCOPE_CORPUS names the corpus (default ../shared/corpus).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/target/release/mapscope}
runs=${2:-20}
corpus=${MAPSCOPE_CORPUS:-$here/../shared/corpus}
v=$corpus/versions
pairs=(
  "BoulderVale_v1.6_2025-06-22_1d75322.w3x BoulderVale_v1.6_2025-09-07_83da33d.w3x"
  "BoulderVale_v1.6_2025-09-07_83da33d.w3x BoulderVale_v1.6_2025-10-04_5253203.w3x"
  "TurtleRock_v2.0_2025-09-07_83da33d.w3x TurtleRock_v2.0_2025-10-04_97880cf.w3x"
  "TurtleRock_v2.0_2025-10-04_97880cf.w3x TurtleRock_v2.0_2025-10-05_bc01869.w3x"
  "Nightopia_2025-06-22_1d75322.w3x Nightopia_2025-09-07_83da33d.w3x"
  "IceFlow_TFTbeta299.w3x IceFlow_TFTbeta302.w3x"
  "LostTemple_ROCbeta103.w3m LostTemple_ROCbeta110.w3m"
)
now() { date +%s.%N; }
for pair in "${pairs[@]}"; do
  read -r old new <<<"$pair"
  a=$v/$old b=$v/$new
  t0=$(now)
  for _ in $(seq "$runs"); do "$bin" info "$a" >/dev/null; "$bin" info "$b" >/dev/null; done
  t1=$(now)
  for _ in $(seq "$runs"); do "$bin" diff "$a" "$b" >/dev/null || true; done
  t2=$(now)
  python3 -c "
i = ($t1 - $t0) / $runs * 1000
d = ($t2 - $t1) / $runs * 1000
print(f'{\"$old\":44} info both {i:6.1f} ms, diff {d:6.1f} ms, ratio {d / i:.2f}')"
done
