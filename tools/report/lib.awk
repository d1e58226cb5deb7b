# lib.awk - helpers shared by the report's awk programs (POSIX awk; Debian's mawk runs them).

# Text made safe for HTML, in elements and in quoted attributes: the five special characters
# escaped, control characters (not allowed in HTML) and bytes that are not UTF-8 shown as '?'.
function h(s) {
  if (s ~ /[\200-\377]/) s = utf8(s)
  gsub(/&/, "\\&amp;", s)
  gsub(/</, "\\&lt;", s)
  gsub(/>/, "\\&gt;", s)
  gsub(/"/, "\\&quot;", s)
  gsub(/'/, "\\&#39;", s)
  gsub(/[\001-\010\013\014\016-\037\177]/, "?", s)
  return s
}

# The bytes of s with every one that does not belong to a well-formed UTF-8 sequence (RFC 3629
# section 4: no overlong form, no surrogate, nothing past U+10FFFF), and every C1 control
# (U+0080-U+009F, not allowed in HTML), replaced by '?'.
function utf8(s,    out, i, n, b, need, lo, hi, k, c) {
  if (!_byte_init) { for (i = 1; i < 256; i++) _byte[sprintf("%c", i)] = i; _byte_init = 1 }
  out = ""
  n = length(s)
  for (i = 1; i <= n; i++) {
    b = _byte[substr(s, i, 1)]
    if (b < 128) { out = out substr(s, i, 1); continue }
    need = 0; lo = 128; hi = 191
    if (b >= 194 && b <= 223) need = 1
    else if (b >= 224 && b <= 239) { need = 2; if (b == 224) lo = 160; if (b == 237) hi = 159 }
    else if (b >= 240 && b <= 244) { need = 3; if (b == 240) lo = 144; if (b == 244) hi = 143 }
    for (k = 1; k <= need && i + k <= n; k++) {
      c = _byte[substr(s, i + k, 1)]
      if (c < (k == 1 ? lo : 128) || c > (k == 1 ? hi : 191)) break
    }
    if (need == 0 || k <= need || (b == 194 && _byte[substr(s, i + 1, 1)] < 160)) { out = out "?"; continue }
    out = out substr(s, i, need + 1)
    i += need
  }
  return out
}

# Whether s is a finite positive decimal number as our CSVs write it (not "inf", "nan", "0x10").
function positive_number(s) {
  return s ~ /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/ && s + 0 > 0 && s + 0 < 1e300
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
  if (!_byte_init) { for (i = 1; i < 256; i++) _byte[sprintf("%c", i)] = i; _byte_init = 1 }
  out = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    out = out (c ~ /[A-Za-z0-9._~\/-]/ ? c : sprintf("%%%02X", _byte[c]))
  }
  return out
}
