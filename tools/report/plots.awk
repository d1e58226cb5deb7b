# plots.awk - every plot as a figure with its one-sentence caption (captions.tsv), grouped into
# benchmark, verification and calibration plots, in the order captions.tsv gives.
# Usage: awk -f lib.awk -f plots.awk captions.tsv LIST   (LIST: a plot a line: path from the page<TAB>name<TAB>when drawn)
BEGIN { FS = "\t"; ngroup = split("Benchmark Verification Calibration", GROUP, " ") }
FNR == 1 { file++ }
file == 1 { if ($0 !~ /^#/ && NF >= 2) { caption[$1] = $2; order[$1] = ++ncap } next }
file == 2 && NF >= 3 {
  name = $2; key = name
  if (name ~ /^verify-engine-/) key = "verify-engine-ENGINE"
  g = name ~ /^verify-/ ? 2 : name ~ /^calibrate-/ ? 3 : 1
  n[g]++
  path[g, n[g]] = $1; pname[g, n[g]] = name; drawn[g, n[g]] = $3
  rank[g, n[g]] = (key in order) ? order[key] : 1000
}
function figure(g, i,    name, key, cap) {
  name = pname[g, i]
  key = name ~ /^verify-engine-/ ? "verify-engine-ENGINE" : name
  if (key in caption) { cap = caption[key]; if (key != name) gsub(/ENGINE/, substr(name, 15), cap) }
  else cap = "A plot without a caption yet (tools/report/captions.tsv lists them)."
  printf "<figure><a href=\"%s\"><img src=\"%s\" alt=\"%s\"></a><figcaption><strong>%s</strong>: %s <span class=\"meta\">(drawn %s)</span></figcaption></figure>\n", \
    h(url(path[g, i])), h(url(path[g, i])), h(name), h(name), h(cap), h(drawn[g, i])
}
END {
  for (g = 1; g <= ngroup; g++) {
    if (n[g] == 0) continue
    # insertion sort by the captions' order, then by name
    for (i = 2; i <= n[g]; i++)
      for (j = i; j > 1 && (rank[g, j - 1] > rank[g, j] || (rank[g, j - 1] == rank[g, j] && pname[g, j - 1] > pname[g, j])); j--) {
        t = rank[g, j]; rank[g, j] = rank[g, j - 1]; rank[g, j - 1] = t
        t = path[g, j]; path[g, j] = path[g, j - 1]; path[g, j - 1] = t
        t = pname[g, j]; pname[g, j] = pname[g, j - 1]; pname[g, j - 1] = t
        t = drawn[g, j]; drawn[g, j] = drawn[g, j - 1]; drawn[g, j - 1] = t
      }
    printf "<h3>%s plots</h3>\n<div class=\"figures\">\n", GROUP[g]
    for (i = 1; i <= n[g]; i++) figure(g, i)
    print "</div>"
    shown++
  }
  if (!shown) print "<p class=\"missing\">No plot drawn yet (<code>make bench</code> and <code>make verify</code> draw them into plots/).</p>"
}
