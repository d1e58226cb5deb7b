# history.awk - the last runs side by side: one row per kept run summary (the TSV records of
# verdict.awk or bench.awk, one file per run, given newest first), the newest marked.
# Usage: awk -v kind=verify|bench -f lib.awk -f history.awk RECORD...
BEGIN {
  FS = "\t"
  if (kind == "verify") {
    ncol = split("date revision subset cases pass fail xfail xpass skip engines wall_s machine", COL, " ")
    split("run|revision|subset|cases|PASS|FAIL|XFAIL|XPASS|SKIP|engines|seconds|machine", HEAD, "|")
  } else {
    ncol = split("stamp revision matrix threads tsuji_mindlin_M velocity_nohistory_M engine_ratios cpu", COL, " ")
    split("run|revision|matrix|threads|tsuji + mindlin (M/s)|hooke velocity, tangential off (M/s)|grandamp / engine|CPU", HEAD, "|")
  }
  printf "<table class=\"history\"><thead><tr>"
  for (c = 1; c <= ncol; c++) printf "<th>%s</th>", h(HEAD[c])
  print "</tr></thead><tbody>"
}

FNR == 1 { delete col; for (c = 1; c <= NF; c++) col[$c] = c; next }
FNR == 2 {
  runs++
  printf "<tr%s>", runs == 1 ? " class=\"latest\"" : ""
  for (c = 1; c <= ncol; c++) {
    v = (COL[c] in col) ? $(col[COL[c]]) : ""
    cls = v ~ /^[0-9.]+$/ ? "num" : ""
    if ((COL[c] == "fail" || COL[c] == "xpass") && v + 0 > 0) cls = cls " bad"
    printf "<td%s>%s</td>", cls != "" ? " class=\"" cls "\"" : "", v == "" ? "–" : h(v)
  }
  print "</tr>"
}

END { print "</tbody></table>" }
