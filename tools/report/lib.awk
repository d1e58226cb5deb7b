# lib.awk - helpers shared by the report's awk programs (POSIX awk; Debian's mawk runs them).

# Text made safe for HTML, in elements and in quoted attributes: the five special characters
# escaped, control characters (not allowed in HTML) shown as '?'.
function h(s) {
  gsub(/&/, "\\&amp;", s)
  gsub(/</, "\\&lt;", s)
  gsub(/>/, "\\&gt;", s)
  gsub(/"/, "\\&quot;", s)
  gsub(/'/, "\\&#39;", s)
  gsub(/[\001-\010\013\014\016-\037\177]/, "?", s)
  return s
}

# Splits one CSV record into f[1..n] (RFC 4180: quoted fields, "" for a quote inside them);
# returns n. Quoted fields with a newline inside are not supported (no input of ours has one).
function csv_split(line, f,    n, q, rest, field) {
  n = 0
  rest = line
  while (1) {
    if (substr(rest, 1, 1) == "\"") {
      field = ""
      rest = substr(rest, 2)
      while ((q = index(rest, "\"")) > 0) {
        field = field substr(rest, 1, q - 1)
        rest = substr(rest, q + 1)
        if (substr(rest, 1, 1) != "\"") break
        field = field "\""
        rest = substr(rest, 2)
      }
      if (q == 0) { field = field rest; rest = "" }
      f[++n] = field
      q = index(rest, ",")
      if (q == 0) return n
      rest = substr(rest, q + 1)
    } else {
      q = index(rest, ",")
      if (q == 0) { f[++n] = rest; return n }
      f[++n] = substr(rest, 1, q - 1)
      rest = substr(rest, q + 1)
    }
  }
}

# The column numbers of a CSV header, by name: col[name] = i.
function csv_header(line, col,    f, n, i) {
  n = csv_split(line, f)
  for (i = 1; i <= n; i++) col[f[i]] = i
  return n
}

# A value for a one-line TSV record: tabs and newlines would break the record.
function tsv(s) {
  gsub(/[\t\r\n]/, " ", s)
  return s
}

# A count cell, dimmed when zero so that the non-zero counts stand out.
function count_cell(n, cls) {
  if (n + 0 == 0) return "<td class=\"num zero\">0</td>"
  return "<td class=\"num" (cls != "" ? " " cls : "") "\">" n "</td>"
}

# Millions with three significant digits ("173", "71.8", "3.46").
function mega(x) {
  x = x / 1e6
  if (x >= 100) return sprintf("%.0f", x)
  if (x >= 10) return sprintf("%.1f", x)
  return sprintf("%.2f", x)
}

# A relative path as a URL: every byte outside [A-Za-z0-9._~/-] percent-encoded (a file name
# with '#', '?', '%' or a space still loads).
function url(s,    out, i, c) {
  if (!_url_init) { for (i = 1; i < 256; i++) _byte[sprintf("%c", i)] = i; _url_init = 1 }
  out = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    out = out (c ~ /[A-Za-z0-9._~\/-]/ ? c : sprintf("%%%02X", _byte[c]))
  }
  return out
}
