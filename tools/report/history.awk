# history.awk - the last runs side by side: one row per kept run summary (the TSV records of
# verdict.awk or bench.awk, one file per run, given newest first), the newest marked. A bench
# run measured on a busy machine is flagged (its row and its load cell), and where the table
# holds busy and quiet runs together a note under it says that their rates do not compare.
# Usage: awk -v kind=verify|bench -f lib.awk -f history.awk RECORD...
BEGIN {
  FS = "\t"
  if (kind == "verify") {
    ncol = split("date revision subset cases pass fail xfail xpass skip engines wall_s machine", COL, " ")
    split("run|revision|subset|cases|PASS|FAIL|XFAIL|XPASS|SKIP|engines|seconds|machine", HEAD, "|")
  } else {
    ncol = split("stamp revision matrix threads tsuji_mindlin_M velocity_nohistory_M engine_ratios load cpu", COL, " ")
    split("run|revision|matrix|threads|tsuji + mindlin (M/s)|hooke velocity, tangential off (M/s)|grandamp / engine|load (other work's cores, start / end)|CPU", HEAD, "|")
  }
  printf "<table class=\"history\"><thead><tr>"
  for (c = 1; c <= ncol; c++) printf "<th>%s</th>", h(HEAD[c])
  print "</tr></thead><tbody>"
}

FNR == 1 { delete col; for (c = 1; c <= NF; c++) col[$c] = c; next }
FNR == 2 {
  runs++
  load = ("load" in col) ? $(col["load"]) : ""
  if (load == "busy") busy++
  else quiet++ # quiet, or a run before the load was recorded: not known to be busy
  rowcls = (runs == 1 ? "latest" : "") (load == "busy" ? (runs == 1 ? " " : "") "busy" : "")
  printf "<tr%s>", rowcls != "" ? " class=\"" rowcls "\"" : ""
  for (c = 1; c <= ncol; c++) {
    v = (COL[c] in col) ? $(col[COL[c]]) : ""
    if (COL[c] == "load" && v != "" && ("other_cores" in col)) v = v " (" $(col["other_cores"]) ")"
    cls = v ~ /^[0-9.]+$/ ? "num" : ""
    if ((COL[c] == "fail" || COL[c] == "xpass") && v + 0 > 0) cls = cls " bad"
    if (COL[c] == "load" && load == "busy") cls = (cls == "" ? "" : cls " ") "bad"
    printf "<td%s>%s</td>", cls != "" ? " class=\"" cls "\"" : "", v == "" ? "–" : h(v)
  }
  print "</tr>"
}

END {
  print "</tbody></table>"
  if (busy > 0 && quiet > 0)
    printf "<p class=\"banner busy\">%d of these %d runs were measured on a busy machine (marked busy): their rates are low and noisy, not comparable with the others'.</p>\n", busy, runs
}
