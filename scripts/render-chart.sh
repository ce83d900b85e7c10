#!/usr/bin/env bash
# Lints helm/ctuner and renders it with the default values and every value set in helm/ctuner/ci/
# into helm/ctuner/ci/rendered/<set>.yaml, the files the Java tests check (RenderedManifestsTest). The build
# does the same without a helm binary, through helm-java: HelmRenderingTest (-Dctuner.chart.write=true writes).
# Run it after changing the chart; needs helm (HELM=/path/to/helm, else helm on PATH). The committed renderings
# are written by helm-java (helm 3.16.4); for the chart as it was before PodDisruptionBudget, NetworkPolicy,
# monitoring, HTTPS and Kafka TLS, its output was identical to the renderings helm 4.1.4 had written.
# Generated passwords differ at every rendering, so their values are written as <generated>.
#   scripts/render-chart.sh           # lint and write the renderings
#   scripts/render-chart.sh --check   # lint and fail if a rendering differs from the file
set -euo pipefail
cd "$(dirname "$0")/.."
helm=${HELM:-helm}
chart=helm/ctuner
out=$chart/ci/rendered
mode=${1:-write}
command -v "$helm" >/dev/null || { echo "no helm binary: set HELM=/path/to/helm or put helm on PATH" >&2; exit 2; }
mkdir -p "$out"
status=0
render() {  # name, then helm arguments
  local name=$1; shift
  "$helm" lint --strict "$chart" "$@" >/dev/null || { "$helm" lint --strict "$chart" "$@"; exit 1; }
  local file=$out/$name.yaml tmp
  tmp=$(mktemp)
  "$helm" template ctuner "$chart" --namespace ctuner "$@" \
    | sed -E 's/^(  (password|password-hash): ).*/\1PGdlbmVyYXRlZD4=/' > "$tmp"   # base64 of <generated>
  if [ "$mode" = --check ]; then
    if ! diff -u "$file" "$tmp"; then echo "$file is out of date: run scripts/render-chart.sh" >&2; status=1; fi
    rm -f "$tmp"
  else
    mv "$tmp" "$file"
    echo "wrote $file"
  fi
}
render default
for values in "$chart"/ci/*-values.yaml; do
  render "$(basename "$values" -values.yaml)" -f "$values"
done
exit $status
