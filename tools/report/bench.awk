# bench.awk - the benchmark section of the report: the machine it ran on (the Google Benchmark
# context, as key<TAB>value lines), the model rows' throughput (the tidy bench CSV) and
# grandamp over each engine (the compare CSV of the same run, when engines were timed).
# Also writes the run's one-line summary (TSV with its header) to `record` and its card to `card`.
# A run the bench measured on a busy machine (the context's load_before_busy or load_after_busy
# is "yes": docs/benchmark.md, "A busy machine") is marked on its card, in its section and in
# its record, so that the last-runs table can flag it.
# Usage: awk -v record=FILE -v card=FILE -v stamp=STAMP -f lib.awk -f bench.awk CONTEXT.tsv BENCH.csv [COMPARE.csv]
BEGIN { FS = "\t" }

FNR == 1 { file++ }
file == 1 { i = index($0, "\t"); if (i > 0) ctx[substr($0, 1, i - 1)] = substr($0, i + 1); next }

file == 2 && FNR == 1 { delete col; csv_header($0, col); next }
file == 2 {
  csv_split($0, f)
  if (f[col["family"]] != "model" || f[col["packing"]] != "fcc" || f[col["strategy"]] != "half-reduce" || f[col["aggregate"]] != "median") next
  t = f[col["threads"]] + 0
  nm = f[col["normal"]]; dm = f[col["damping"]]; tg = f[col["tangential"]]
  if (!(nm in nseen)) { nseen[nm] = 1; norder[++nn] = nm }
  if (!(dm in dseen)) { dseen[dm] = 1; dorder[++nd] = dm }
  # the largest thread count wins
  if (!positive_number(f[col["contacts_per_s"]])) next # a row without a finite rate is not a result
  if (!((nm, dm, tg) in thr) || t > thr[nm, dm, tg]) { thr[nm, dm, tg] = t; rate[nm, dm, tg] = f[col["contacts_per_s"]] }
  if (t > maxthreads) maxthreads = t
  nrows++
  next
}

file == 3 && FNR == 1 { delete col; csv_header($0, col); next }
file == 3 {
  csv_split($0, f)
  if (!positive_number(f[col["ratio"]])) next # a failed or impossible row: no ratio (never inf×)
  r = f[col["ratio"]] + 0
  e = f[col["engine"]]; pk = f[col["packing"]]; rk = f[col["ranks"]] + 0
  if (!(e in eseen)) { eseen[e] = 1; eorder[++ne] = e; version[e] = f[col["engine_version"]] }
  if (!(pk in pseen)) { pseen[pk] = 1; porder[++np] = pk }
  if (!(rk in rseen)) { rseen[rk] = 1; rorder[++nr] = rk }
  k = e SUBSEP pk SUBSEP rk
  logsum[k] += log(r); cnt[k]++
  # an engine row timed while other work kept cores busy (bench.sh's engine_busy): flagged
  if (("engine_busy" in col) && f[col["engine_busy"]] == "yes") { ebusyk[k]++; ebusy[e]++; nbusy++ }
  if (!(k in lo) || r < lo[k]) lo[k] = r
  if (!(k in hi) || r > hi[k]) hi[k] = r
  # the card and the record: every row of the engine at its largest rank count
  if (rk > emax[e]) { emax[e] = rk; elog[e] = 0; ecnt[e] = 0 }
  if (rk == emax[e]) { elog[e] += log(r); ecnt[e]++ }
  next
}

function cell(nm, dm,    s, v) {
  s = ""
  if ((nm, dm, "nohistory") in rate) s = mega(rate[nm, dm, "nohistory"])
  if ((nm, dm, "mindlin") in rate) s = s (s == "" ? "– / " : " / ") mega(rate[nm, dm, "mindlin"])
  if ((nm, dm, "linear_history") in rate) s = s (s == "" ? "" : " · ") mega(rate[nm, dm, "linear_history"])
  return s == "" ? "<td class=\"none\">–</td>" : "<td class=\"num\">" s "</td>"
}

# The load the context records ("" when the run did not measure it), and whether it was busy.
function load_state() {
  if (ctx["load_before_busy"] == "yes" || ctx["load_after_busy"] == "yes") return "busy"
  if (ctx["load_before_busy"] == "no" && ctx["load_after_busy"] == "no") return "quiet"
  return ctx["load_before_busy"] != "" ? "unknown" : ""
}
function load_cores(when,    v) { v = ctx["load_" when "_other_cores"]; return v == "" ? "?" : sprintf("%.2f", v) }
function load_text() {
  return sprintf("other work kept %s of %s cores busy at the start and %s at the end", load_cores("before"), \
    ctx["num_cpus"] != "" ? ctx["num_cpus"] : "?", load_cores("after"))
}

function sortnum(a, n,    i, j, x) { for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x } }

END {
  cpu = ("cpu_model" in ctx) ? ctx["cpu_model"] : "CPU model not recorded (a run before the bench wrote it)"
  printf "<p class=\"machine\">Measured on <strong>%s</strong>: %s CPUs at %s MHz", h(cpu), h(ctx["num_cpus"]), h(ctx["mhz_per_cpu"])
  if (ctx["caches"] != "") printf "; caches %s", h(ctx["caches"])
  printf "; host <code>%s</code>, %s, revision <code>%s</code>, the %s matrix.</p>\n", h(ctx["host_name"]), h(ctx["date"]), \
    h(ctx["grandamp_revision"]), h(ctx["matrix"] != "" ? ctx["matrix"] : "default")
  if (ctx["compiler"] != "") printf "<p class=\"meta\">%s, <code>%s</code></p>\n", h(ctx["compiler"]), h(ctx["flags"])
  load = load_state()
  if (load == "busy")
    printf "<p class=\"banner busy\"><strong>Busy machine</strong>: %s. These rates are low and noisy: not comparable with a quiet run's.</p>\n", h(load_text())
  else if (load == "quiet") printf "<p class=\"meta\">Quiet machine: %s.</p>\n", h(load_text())
  else if (load == "unknown") print "<p class=\"meta\">The load could not be measured (/proc/stat unreadable).</p>"
  else print "<p class=\"meta\">The load was not recorded (a run before the bench measured it).</p>"
  if (nrows == 0) print "<p class=\"missing\">This bench run has no model row on the FCC packing (a FILTER run?).</p>"
  else {
    printf "<table class=\"pivot\"><caption>M touching pairs/s per damping model, FCC packing, half-reduce, %d thread%s: tangential off / mindlin (mdr: linear_history)</caption>\n", \
      maxthreads, maxthreads == 1 ? "" : "s"
    printf "<thead><tr><th>damping</th>"
    for (j = 1; j <= nn; j++) printf "<th class=\"num\">%s</th>", h(norder[j])
    print "</tr></thead><tbody>"
    for (i = 1; i <= nd; i++) {
      printf "<tr><th>%s</th>", h(dorder[i])
      for (j = 1; j <= nn; j++) printf "%s", cell(norder[j], dorder[i])
      print "</tr>"
    }
    print "</tbody></table>"
  }
  if (ne == 0) print "<p class=\"missing\">No engine was timed in this bench run (<code>make bench ENGINES=\"lammps liggghts yade\"</code> adds them).</p>"
  else {
    sortnum(rorder, nr)
    print "<table class=\"ratios\"><caption>grandamp / engine, touching pairs/s over the same rows and packing: geometric mean (lowest–highest) over the model rows each engine has</caption>"
    printf "<thead><tr><th>engine</th><th>packing</th>"
    for (j = 1; j <= nr; j++) printf "<th class=\"num\">%d rank%s</th>", rorder[j], rorder[j] == 1 ? "" : "s"
    print "<th class=\"num\">rows</th></tr></thead><tbody>"
    for (i = 1; i <= ne; i++)
      for (p = 1; p <= np; p++) {
        printf "<tr><th>%s <span class=\"meta\">%s</span></th><td>%s</td>", h(eorder[i]), h(version[eorder[i]]), h(porder[p])
        rows = 0
        for (j = 1; j <= nr; j++) {
          k = eorder[i] SUBSEP porder[p] SUBSEP rorder[j]
          if (cnt[k] > 0) {
            printf "<td class=\"num%s\"><strong>%.2f×</strong> <span class=\"meta\">(%.2f–%.2f)</span>%s</td>", (ebusyk[k] > 0 ? " bad" : ""), \
              exp(logsum[k] / cnt[k]), lo[k], hi[k], (ebusyk[k] > 0 ? sprintf(" <span class=\"meta\">busy: %d of %d</span>", ebusyk[k], cnt[k]) : "")
            rows = cnt[k]
          }
          else printf "<td class=\"none\">–</td>"
        }
        printf "<td class=\"num\">%d</td></tr>\n", rows
      }
    print "</tbody></table>"
    if (nbusy > 0)
      printf "<p class=\"banner busy\"><strong>Busy machine</strong>: %d engine row%s timed while other work kept cores busy (marked busy): %s ratios are not comparable with a quiet run's.</p>\n", nbusy, nbusy == 1 ? " was" : "s were", nbusy == 1 ? "its" : "their"
  }
  headline = (("hertz_material", "tsuji", "mindlin") in rate) ? mega(rate["hertz_material", "tsuji", "mindlin"]) : ""
  fastest = (("hooke", "velocity", "nohistory") in rate) ? mega(rate["hooke", "velocity", "nohistory"]) : ""
  ratios = ""
  for (i = 1; i <= ne; i++) {
    ratios = ratios (i > 1 ? "; " : "") sprintf("%s %.2f×", eorder[i], exp(elog[eorder[i]] / ecnt[eorder[i]]))
    ratio_lines = ratio_lines sprintf("<span>%s <strong>%.2f×</strong>%s</span>", h(eorder[i]), exp(elog[eorder[i]] / ecnt[eorder[i]]), ebusy[eorder[i]] > 0 ? " (busy)" : "")
  }
  if (record != "") {
    print "date\tstamp\trevision\tcpu\tmatrix\tthreads\ttsuji_mindlin_M\tvelocity_nohistory_M\tengine_ratios\tload\tother_cores" > record
    printf "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", tsv(ctx["date"]), tsv(stamp), tsv(ctx["grandamp_revision"]), tsv(cpu), \
      tsv(ctx["matrix"]), maxthreads, headline, fastest, tsv(ratios), load, \
      load == "" ? "" : load_cores("before") " / " load_cores("after") > record
    close(record)
  }
  if (card != "") {
    printf "<div class=\"card %s\"><h2>Benchmark%s</h2><p class=\"big\">%s</p><p>M touching pairs/s, hertz/material + tsuji + mindlin, %d thread%s</p>%s<p class=\"meta\">%s</p></div>\n", \
      load == "busy" ? "changed" : "info", load == "busy" ? ": busy machine" : "", headline != "" ? headline : "–", maxthreads, \
      maxthreads == 1 ? "" : "s", load == "busy" ? "<p><strong>measured on a busy machine</strong>: " h(load_text()) "</p>" : "", h(cpu) > card
    if (ne > 0)
      printf "<div class=\"card info\"><h2>grandamp / engine</h2><p class=\"ratios\">%s</p><p>times as many pairs/s, geometric mean over the model rows, %d rank%s</p></div>\n", \
        ratio_lines, emax[eorder[1]], emax[eorder[1]] == 1 ? "" : "s" > card
    else print "<div class=\"card none\"><h2>grandamp / engine</h2><p class=\"big\">no engine timed</p></div>" > card
    close(card)
  }
}
