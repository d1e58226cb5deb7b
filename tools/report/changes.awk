# changes.awk - "what changed since the last run" from the verifier's own comparison
# (DATA/verify-changes.txt, written by grandamp_verify --compare; verify/report/compare.c's format):
# the summary line, then the listed cases, status changes first. Writes the page's card to `card`.
# Usage: awk -v card=FILE -f lib.awk -f changes.awk verify-changes.txt
BEGIN { MAX_LISTED = 200; nkind = split("status new gone moved", KIND, " ") }

/^grandamp-verify: compared with / { compared = substr($0, length("grandamp-verify: compared with ") + 1); sub(/:$/, "", compared); next }
/^grandamp-verify: / { summary = substr($0, length("grandamp-verify: ") + 1); next }
/^  [a-z]+ / {
  kind = $1
  # "status A -> B NAME  detail" or "KIND STATUS NAME  detail" (the detail after two spaces)
  if (kind == "status") { st = $2 " → " $4; name = $5 } else { st = $2; name = $3 }
  rest = $0
  detail = ""
  if ((p = index(rest, name "  ")) > 0) detail = substr(rest, p + length(name) + 2)
  n[kind]++
  row[kind, n[kind]] = "<tr><td>" h(kind) "</td><td>" h(st) "</td><td class=\"case\">" h(name) "</td><td>" h(detail) "</td></tr>"
}

END {
  if (summary == "") {
    print "<p class=\"missing\">The comparison file holds no summary line: it is not the verifier's.</p>"
    exit 0
  }
  good = summary ~ /^no change/
  printf "<p class=\"banner %s\">%s.</p>\n", good ? "pass" : "changed", h(summary)
  if (compared != "") printf "<p class=\"meta\">Compared with the previous run's %s.</p>\n", h(compared)
  listed = 0
  for (k = 1; k <= nkind; k++) total += n[KIND[k]]
  if (total > 0) {
    print "<table class=\"list\"><thead><tr><th>change</th><th>status</th><th>case</th><th>detail</th></tr></thead><tbody>"
    for (k = 1; k <= nkind; k++)
      for (i = 1; i <= n[KIND[k]] && listed < MAX_LISTED; i++) { print row[KIND[k], i]; listed++ }
    print "</tbody></table>"
    if (total > listed) printf "<p>… and %d more (all of them in the verifier's comparison file).</p>\n", total - listed
  }
  if (card != "") {
    printf "<div class=\"card %s\"><h2>Since the last run</h2><p class=\"big\">%s</p><p>%s</p></div>\n", good ? "pass" : "changed", \
      good ? "no change" : (n["status"] + 0) " status change" (n["status"] == 1 ? "" : "s"), h(summary) > card
    close(card)
  }
}
