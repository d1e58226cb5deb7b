# mdtable.awk - the verifier's and the bench's markdown tables (verify-*-verdict.md,
# verify-chung-ooi.md, compare-*.md) as HTML: pipe tables, and the text around them as
# paragraphs (a line ending in two spaces breaks the line, as in markdown). Cells that give a
# verdict are coloured.
# Usage: awk -f lib.awk -f mdtable.awk FILE.md
function close_para() { if (para) { print "</p>"; para = 0 } }
function close_table() { if (table) { print "</tbody></table>"; table = 0 } }
function verdict_class(s) {
  if (s ~ /^PASS/) return " class=\"pass\""
  if (s ~ /^FAIL/ || s ~ /XPASS/) return " class=\"fail\""
  if (s ~ /^known defect/) return " class=\"xfail\""
  return ""
}

/^\|/ {
  close_para()
  line = $0
  sub(/^\| */, "", line); sub(/ *\| *$/, "", line)
  n = split(line, cell, / *\| */)
  if (!table) {
    table = 1; rows = 0
    printf "<table class=\"md\"><thead><tr>"
    for (i = 1; i <= n; i++) printf "<th>%s</th>", h(cell[i])
    print "</tr></thead><tbody>"
    next
  }
  if (line ~ /^[-:| ]+$/) next   # the separator row
  printf "<tr><th>%s</th>", h(cell[1])
  for (i = 2; i <= n; i++) printf "<td%s>%s</td>", verdict_class(cell[i]), h(cell[i])
  print "</tr>"
  next
}
/^[ \t]*$/ { close_para(); close_table(); next }
{
  close_table()
  text = $0
  brk = text ~ /  $/
  sub(/[ \t]+$/, "", text)
  if (!para) { printf "<p class=\"note\">"; para = 1 }
  printf "%s%s\n", h(text), brk ? "<br>" : ""
}
END { close_para(); close_table() }
