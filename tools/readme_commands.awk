# The commands a user would paste from a Markdown page, one per output line, in page order
# (tools/readme-check.sh runs them):
#   - in a code block, the lines that start with "$ " (the prompt dropped), "build/", "make",
#     "NAME=" or "grandamp " (which fails as pasted before make install: the check says so), their
#     trailing "  # comment" dropped (a usage synopsis, "grandamp run --packing fcc|random ...",
#     and a command's printed output are not commands);
#   - outside headings, an inline `code span` that is a whole command: "make ...", "NAME='...'"
#     or "[build/]grandamp ARGS", in prose only with an option or a quoted argument (prose names
#     a command, "`grandamp run`"; a table's example column gives one, "`grandamp version`");
# none with a placeholder (<...>, ..., FAULT) or an optional part of a synopsis ([--opt], [VAR=], [R2]). A line ending in a backslash continues on the next.
function emit(cmd) {
  sub(/^[ \t]+/, "", cmd); sub(/[ \t]+$/, "", cmd)
  if (cmd != "") print cmd
}
# "cmd   # comment" -> "cmd" (a '#' after two spaces, outside quotes)
function uncomment(s,    i, c, q) {
  q = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (q == "" && (c == "'" || c == "\"")) q = c
    else if (c == q) q = ""
    else if (q == "" && c == "#" && substr(s, i - 2, 2) == "  ") return substr(s, 1, i - 1)
  }
  return s
}
function placeholder(s) { return s ~ /<[a-zA-Z]|\.\.\.|…|FAULT|=\.\.\.|\[(--|[A-Z][A-Z_]*=)|\[[A-Za-z][A-Za-z0-9_]*\]/ }
function spans(line,    rest, s, table) {
  table = line ~ /^\|/
  rest = line
  while (match(rest, /`[^`]+`/)) {
    s = substr(rest, RSTART + 1, RLENGTH - 2)
    rest = substr(rest, RSTART + RLENGTH)
    if (placeholder(s)) continue
    if (s ~ /^(build\/)?grandamp [a-z]/ && (table || s ~ / -|['"]/)) emit(s)
    else if (s ~ /^make [a-z]/ || s ~ /^[A-Z][A-Z_]*='[^']*'$/) emit(s)
  }
}
/^```/ { inblock = !inblock; pending = ""; next }
inblock {
  line = $0
  if (pending != "") { line = pending " " line; pending = "" }
  else {
    if (line ~ /^\$ /) line = substr(line, 3)
    else if (line !~ /^(build\/|make( |$)|[A-Z][A-Z_]*=|grandamp )/) next
  }
  if (line ~ /\\$/) { pending = substr(line, 1, length(line) - 1); next }
  if (!placeholder(line)) emit(uncomment(line))
  next
}
!/^#/ { spans($0) }
