# page.awk - the report page around the sections tools/report.sh prepared in its work folder
# (WORK/*.html fragments, already escaped); the style sheet is inlined. Everything else comes
# from the environment: REPORT_WORK, REPORT_STYLE, REPORT_SUBSET (full|quick), REPORT_GENERATED,
# REPORT_VERDICT (PASS|FAIL|none) and REPORT_INPUTS (the files read, one "what<TAB>path" a line).
# Usage: awk -f lib.awk -f page.awk
function include(name,    path, line) {
  path = ENVIRON["REPORT_WORK"] "/" name
  while ((getline line < path) > 0) print line
  close(path)
}
function exists(name,    path, line, ok) {
  path = ENVIRON["REPORT_WORK"] "/" name
  ok = (getline line < path) > 0
  close(path)
  return ok
}
# A summary card from its fragment, or one saying there is none.
function card(name, title, none) {
  if (exists(name)) include(name)
  else printf "<div class=\"card none\"><h2>%s</h2><p class=\"big\">%s</p></div>\n", title, none
}
# A section from its fragment, or the line saying what is missing.
function section(id, title, name, missing) {
  printf "<section id=\"%s\">\n<h2>%s</h2>\n", id, title
  if (exists(name)) include(name)
  else printf "<p class=\"missing\">%s</p>\n", missing
  print "</section>"
}
BEGIN {
  quick = ENVIRON["REPORT_SUBSET"] == "quick"
  verdict = ENVIRON["REPORT_VERDICT"]
  title = "grandamp nightly report" (quick ? " (quick subset)" : "")
  print "<!DOCTYPE html>"
  print "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
  print "<meta name=\"generator\" content=\"grandamp tools/report.sh\">"
  print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
  printf "<title>%s%s</title>\n", title, verdict == "PASS" || verdict == "FAIL" ? ": " verdict : ""
  print "<style>"
  path = ENVIRON["REPORT_STYLE"]
  while ((getline line < path) > 0) print line
  close(path)
  print "</style>\n</head>\n<body>\n<header>"
  printf "<h1>%s</h1>\n", title
  printf "<p class=\"meta\">Written %s by <code>make report</code> (tools/report.sh).</p>\n", h(ENVIRON["REPORT_GENERATED"])
  print "<nav><a href=\"#verification\">Verification</a><a href=\"#changes\">Since the last run</a><a href=\"#bench\">Benchmark</a><a href=\"#history\">Last runs</a><a href=\"#plots\">Plots</a></nav>"
  print "</header>\n<main>"
  print "<div class=\"cards\">"
  card("card-verify.html", "Verification", "no run yet")
  card("card-changes.html", "Since the last run", "no comparison")
  card("card-bench.html", "Benchmark", "no run yet")
  print "</div>"
  section("verification", "Verification", "verdict.html", \
    "No verification run yet: <code>make verify</code> writes " (quick ? "data/quick/verify.csv (with VERIFY_ARGS=--quick)" : "data/verify.csv") ".")
  section("changes", "What changed since the last run", "changes.html", "No verification run yet, so nothing to compare.")
  section("bench", "Benchmark and the engines", "bench.html", \
    "No benchmark run yet: <code>make bench</code> (or <code>make bench QUICK=1</code>) writes data/bench-HOST-DATE.csv and .json.")
  print "<section id=\"history\">\n<h2>The last runs</h2>"
  print "<h3>Verification runs</h3>"
  if (exists("history-verify.html")) include("history-verify.html")
  else print "<p class=\"missing\">No verification run recorded yet.</p>"
  print "<h3>Benchmark runs</h3>"
  if (exists("history-bench.html")) include("history-bench.html")
  else print "<p class=\"missing\">No benchmark run recorded yet.</p>"
  print "</section>"
  section("plots", "Plots", "plots.html", "No plot drawn yet.")
  print "</main>\n<footer>\n<p class=\"meta\">Read from:"
  n = split(ENVIRON["REPORT_INPUTS"], input, "\n")
  for (i = 1; i <= n; i++) {
    if ((t = index(input[i], "\t")) == 0) continue
    printf "%s%s <code>%s</code>", (i > 1 ? ";" : ""), h(substr(input[i], 1, t - 1)), h(substr(input[i], t + 1))
  }
  print ".</p>\n</footer>\n</body>\n</html>"
}
