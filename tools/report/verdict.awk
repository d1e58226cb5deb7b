# verdict.awk - the verification section of the report from a verify.csv (stdin): counts per
# status for each family of grandamp's own checks and for each engine, and the failing cases.
# Also writes the run's one-line summary (a TSV record with its header) to `record` and the
# page's verification card to `card`.
# Usage: awk -v record=FILE -v card=FILE -v subset=full|quick -v wall=SECONDS -f lib.awk -f verdict.awk
BEGIN { nstat = split("PASS FAIL XFAIL XPASS SKIP", STATUS, " "); MAX_LISTED = 100 }

NR == 1 { csv_header($0, col); next }
{
  csv_split($0, f)
  group = f[col["group"]]; st = f[col["status"]]
  if (date == "") { date = f[col["date"]]; revision = f[col["revision"]]; machine = f[col["machine"]] }
  # engine.NAME: the collisions run inside that engine; lammps.*: Debian's lmp run directly
  if (group ~ /^engine\./ || group ~ /^lammps\./) {
    key = group; sub(/^engine\./, "", key)
    if (!(key in eng_seen)) { eng_seen[key] = 1; eng_order[++neng] = key }
    eng[key, st]++; eng[key, "all"]++
    if (group ~ /^engine\./ && !(key in engine_named)) { engine_named[key] = 1; engines = engines (engines == "" ? "" : " ") key }
  } else {
    key = group; sub(/\..*/, "", key)
    if (!(key in fam_seen)) { fam_seen[key] = 1; fam_order[++nfam] = key }
    fam[key, st]++; fam[key, "all"]++
  }
  total[st]++; total["all"]++
  if (st == "FAIL" || st == "XPASS") {
    if (++nfailing <= MAX_LISTED)
      failing[nfailing] = "<tr><td><span class=\"badge " tolower(st) "\">" h(st) "</span></td><td class=\"case\">" h(f[col["name"]]) \
        "</td><td class=\"num\">" h(f[col["measured"]]) "</td><td class=\"num\">" h(f[col["expected"]]) "</td><td class=\"num\">" \
        h(f[col["tolerance"]]) "</td><td>" h(f[col["source"]]) "</td></tr>"
  }
}

# One table of counts per status, a row per key and a total row.
function count_table(caption, what, order, n, cnt,    i, k, s, cls, sum) {
  print "<table class=\"counts\"><caption>" caption "</caption>"
  printf "<thead><tr><th>%s</th><th class=\"num\">cases</th>", what
  for (s = 1; s <= nstat; s++) printf "<th class=\"num\">%s</th>", STATUS[s]
  print "</tr></thead><tbody>"
  for (i = 1; i <= n; i++) {
    k = order[i]
    cls = (cnt[k, "FAIL"] + cnt[k, "XPASS"] > 0) ? " class=\"bad\"" : ""
    printf "<tr%s><th>%s</th><td class=\"num\">%d</td>", cls, h(k), cnt[k, "all"]
    for (s = 1; s <= nstat; s++) printf "%s", count_cell(cnt[k, STATUS[s]] + 0, tolower(STATUS[s]))
    print "</tr>"
    for (s = 1; s <= nstat; s++) sum[STATUS[s]] += cnt[k, STATUS[s]]
    sum["all"] += cnt[k, "all"]
  }
  printf "</tbody><tfoot><tr><th>all</th><td class=\"num\">%d</td>", sum["all"]
  for (s = 1; s <= nstat; s++) printf "<td class=\"num\">%d</td>", sum[STATUS[s]]
  print "</tr></tfoot></table>"
}

END {
  if (NR < 2) {
    print "<p class=\"missing\">The verification CSV holds no case.</p>"
    exit 0
  }
  bad = total["FAIL"] + total["XPASS"]
  verdict = bad > 0 ? "FAIL" : "PASS"
  printf "<p class=\"banner %s\"><strong>%s</strong>: %d cases, %d passed, %d failed, %d known defects seen (XFAIL), %d fixed defects (XPASS), %d skipped.</p>\n", \
    tolower(verdict), verdict, total["all"], total["PASS"], total["FAIL"], total["XFAIL"], total["XPASS"], total["SKIP"]
  printf "<p class=\"meta\">Run of %s, revision <code>%s</code>, on %s%s%s.</p>\n", h(date), h(revision), h(machine), \
    subset == "quick" ? ", the quick subset" : "", wall != "" ? sprintf(", %.0f s", wall) : ""
  print "<div class=\"cols\">"
  count_table("grandamp's own checks, per family", "family", fam_order, nfam, fam)
  if (neng > 0) count_table("inside the engines (engine.NAME: the verifier's collisions; lammps.*: Debian's lmp run directly)", "engine", eng_order, neng, eng)
  else print "<p class=\"missing\">No engine was judged in this run (<code>make verify ENGINES=\"lammps liggghts yade\"</code> adds them).</p>"
  print "</div>"
  if (nfailing == 0) print "<p class=\"good\">No case failed.</p>"
  else {
    printf "<h3 id=\"failing\">The %d failing case%s (FAIL, and XPASS: a known defect that no longer shows)</h3>\n", nfailing, nfailing == 1 ? "" : "s"
    print "<table class=\"list\"><thead><tr><th>status</th><th>case</th><th class=\"num\">measured</th><th class=\"num\">expected</th><th class=\"num\">tolerance</th><th>source</th></tr></thead><tbody>"
    for (i = 1; i <= nfailing && i <= MAX_LISTED; i++) print failing[i]
    print "</tbody></table>"
    if (nfailing > MAX_LISTED) printf "<p>… and %d more (all of them in the verifier's CSV).</p>\n", nfailing - MAX_LISTED
  }
  if (record != "") {
    print "date\trevision\tmachine\tsubset\tcases\tpass\tfail\txfail\txpass\tskip\tengines\twall_s" > record
    printf "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n", tsv(date), tsv(revision), tsv(machine), tsv(subset), total["all"], \
      total["PASS"], total["FAIL"], total["XFAIL"], total["XPASS"], total["SKIP"], tsv(engines), tsv(wall) > record
    close(record)
  }
  if (card != "") {
    printf "<div class=\"card %s\"><h2>Verification</h2><p class=\"big\">%s</p><p>%d cases: %d passed, %d failed, %d XFAIL, %d XPASS, %d skipped</p><p class=\"meta\">%s</p></div>\n", \
      tolower(verdict), verdict, total["all"], total["PASS"], total["FAIL"], total["XFAIL"], total["XPASS"], total["SKIP"], h(date) > card
    close(card)
  }
}
