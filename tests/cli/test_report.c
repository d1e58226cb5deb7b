/*
 * test_report.c - `make report` (tools/report.sh): the page written from the reference run in
 * data/reference/ is valid HTML5 by Debian's tidy (no error, no warning), escapes what comes from
 * the data, shows every plot with a caption and keeps one summary per run; missing inputs are
 * said on the page; a page that is not the script's is left alone. Where chromium is installed,
 * the page is opened headless: every image loads, and a screenshot is taken (copied to
 * $GRANDAMP_REPORT_SCREENSHOT when that is set).
 */
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"

/* Runs a shell command line; its output in r. */
static void sh(CmdResult *r, const char *cmd) { run_program(r, "/bin/sh", (const char *const[]){"-c", cmd, NULL}); }

static char *read_all(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) fail_msg("cannot open %s", path);
  static char buf[4 << 20];
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = '\0';
  fclose(f);
  return buf;
}

static int count(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle)) n++;
  return n;
}

static void assert_has(const char *page, const char *needle) {
  if (!strstr(page, needle)) fail_msg("the page lacks: %s", needle);
}

/* tidy finds nothing to say: no error, no warning (exit 1 is warnings, 2 errors). */
static void assert_tidy_clean(const char *page) {
  static CmdResult r;
  char cmd[512];
  snprintf(cmd, sizeof cmd, "command -v tidy >/dev/null || { echo 'tidy not installed (apt-get install tidy; make test installs it)'; exit 9; }; "
                            "tidy -q -e '%s' 2>&1", page);
  sh(&r, cmd);
  if (r.status != 0 || r.out[0]) fail_msg("tidy on %s: exit %d:\n%s", page, r.status, r.out);
}

/* tools/report.sh on the test folder's data/ (as the verifier's data, the bench's and the plots')
 * into out/, within a minute (124: it hung). */
static void report_on_test_data(CmdResult *r) {
  char cmd[1024], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd, "timeout 60 tools/report.sh --data '%sdata' --bench '%sdata' --plots '%sdata' --bench-plots '%sdata' --out '%sout'",
           d, d, d, d, d);
  sh(r, cmd);
}

/* The reference run's data in a scratch folder, with a comparison that lists a case whose name
 * needs escaping, and an older run's summary (with markup in it) in the history. */
static void reference_report(CmdResult *r) {
  static const char CHANGES[] =
      "grandamp-verify: compared with data/verify.csv (9104 cases):\n"
      "  status   PASS -> FAIL tsuji/hertz_material/delta-end/e=0.5/target  measured=0.45 (was 0.5) tol=0.001\n"
      "  new      PASS chung-ooi/<b>x&y</b>  measured=0.5\n"
      "  gone     PASS old/case\n"
      "grandamp-verify: 1 status change, 0 moved by more than a tenth of the tolerance, 1 new, 1 gone\n";
  char cmd[2048], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  /* the bench run the assertions below describe (data/reference holds two; a copy's mtimes, which
   * the report's "latest" goes by, would pick either) */
  snprintf(cmd, sizeof cmd,
           "rm -rf '%sdata' && cp -r data/reference '%sdata' && find '%sdata' -name '*-vm-20261206-233352*' -delete && "
           "mkdir -p '%sout/history'",
           d, d, d, d);
  sh(r, cmd);
  assert_int_equal(r->status, 0);
  FILE *f = fopen(test_path("data/verify-changes.txt"), "w");
  assert_non_null(f);
  fputs(CHANGES, f);
  fclose(f);
  f = fopen(test_path("out/history/verify-20261101T000000Z.tsv"), "w");
  assert_non_null(f);
  fputs("date\trevision\tmachine\tsubset\tcases\tpass\tfail\txfail\txpass\tskip\tengines\twall_s\n"
        "2026-11-01T00:00:00Z\tabc123\t<script>alert(1)</script>\tfull\t9000\t8998\t2\t0\t0\t0\t\t40\n",
        f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "tools/report.sh --data '%sdata' --bench '%sdata' --plots plots/reference --bench-plots plots/reference --out '%sout'",
           d, d, d);
  sh(r, cmd);
  if (r->status != 0) fail_msg("tools/report.sh: exit %d:\n%s%s", r->status, r->out, r->err);
}

static void report_from_reference_data(void **state) {
  (void)state;
  static CmdResult r;
  reference_report(&r);
  const char *page = read_all(test_path("out/index.html"));
  /* the verdict tables: per family, per engine, the known defects, the markdown tables */
  assert_has(page, "<strong>PASS</strong>: 13692 cases, 12895 passed, 0 failed, 164 known defects seen (XFAIL)");
  assert_has(page, "<tr><th>chung_ooi</th><td class=\"num\">1890</td>");
  assert_has(page, "<tr><th>yade</th><td class=\"num\">405</td>");
  assert_has(page, "No case failed.");
  assert_has(page, "<summary>The engines' verdict per model (known defects listed)</summary>");
  assert_has(page, "<td class=\"xfail\">known defect [1]: 20 XFAIL, 0 pass</td>");
  assert_has(page, "<summary>Chung &amp; Ooi's benchmark tests, per model and engine</summary>");
  assert_has(page, "<summary>grandamp and each engine, model row by model row</summary>");
  /* the verifier's comparison, escaped */
  assert_has(page, "<td>PASS → FAIL</td><td class=\"case\">tsuji/hertz_material/delta-end/e=0.5/target</td>");
  assert_has(page, "chung-ooi/&lt;b&gt;x&amp;y&lt;/b&gt;");
  /* the bench with its machine, the engine ratios */
  assert_has(page, "2 CPUs at 2246 MHz; caches L1d 32 KiB, L1i 32 KiB, L2 512 KiB, L3 16 MiB (shared by 2)");
  assert_has(page, "<td class=\"num\">115 / 62.8</td>");
  assert_has(page, "<strong>2.86×</strong> <span class=\"meta\">(2.31–3.77)</span>");
  assert_has(page, "<summary>The whole step (integration, list builds, forces) against each engine's Loop time</summary>");
  /* the last runs: this one and the older one, whose markup is text */
  assert_has(page, "<td class=\"num bad\">2</td>");
  assert_has(page, "&lt;script&gt;alert(1)&lt;/script&gt;");
  assert_null(strstr(page, "<script"));
  /* every plot of the reference run, each with its caption */
  static CmdResult ls;
  sh(&ls, "ls plots/reference/*.png | wc -l");
  const int plots = atoi(ls.out);
  assert_true(plots >= 19); /* the reference run draws 19 */
  assert_int_equal(count(page, "<figure>"), plots);
  assert_int_equal(count(page, "<figcaption>"), plots);
  assert_null(strstr(page, "without a caption"));
  assert_has(page, "plots/reference/throughput.png\" alt=\"throughput\">");
  assert_tidy_clean(test_path("out/index.html"));

  /* the same run reported again keeps one summary per run (2 verification runs, 1 bench run),
   * and no work folder is left behind */
  reference_report(&r);
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "cd '%s' && ls history | tr '\\n' ' ' && ls -A | tr '\\n' ' '", test_path("out"));
  sh(&r, cmd);
  if (strcmp(r.out, "bench-20261206-151421-vm.tsv verify-20261101T000000Z.tsv verify-20261207T000532Z.tsv history index.html ") != 0)
    fail_msg("after reporting the same run twice: %s", r.out);
}

/* A run with failures: FAIL, and XPASS (a known defect that no longer shows), each listed with
 * its values; the names and sources from the CSV are escaped. */
static void report_lists_failing_cases(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[1024], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd, "mkdir '%sdata'", d);
  sh(&r, cmd);
  FILE *f = fopen(test_path("data/verify.csv"), "w");
  assert_non_null(f);
  fputs("group,name,status,measured,expected,abs_diff,tolerance,source,seconds,revision,date,machine\n"
        "\"reference.closed_form\",\"reference/a\",PASS,1,1,0,1e-12,\"closed form\",0.1,abc,2026-12-06T01:02:03Z,\"m (cpu, 2 cores)\"\n"
        "\"restitution.hooke.velocity\",\"restitution/<i>b</i>\",FAIL,0.5,0.6,0.1,0.01,\"LSD, \"\"quoted\"\" & <x>\",0.1,abc,2026-12-06T01:02:03Z,\"m (cpu, 2 cores)\"\n"
        "\"engine.yade\",\"engine/yade/c\",XPASS,0.9,0.9,0,0.01,\"defect fixed\",0.1,abc,2026-12-06T01:02:03Z,\"m (cpu, 2 cores)\"\n",
        f);
  fclose(f);
  report_on_test_data(&r);
  if (r.status != 0) fail_msg("exit %d:\n%s", r.status, r.err);
  const char *page = read_all(test_path("out/index.html"));
  assert_has(page, "<title>grandamp nightly report: FAIL</title>");
  assert_has(page, "<p class=\"banner fail\"><strong>FAIL</strong>: 3 cases, 1 passed, 1 failed, 0 known defects seen (XFAIL), 1 fixed defects (XPASS)");
  assert_has(page, "<h3 id=\"failing\">The 2 failing cases");
  assert_has(page, "<td class=\"case\">restitution/&lt;i&gt;b&lt;/i&gt;</td><td class=\"num\">0.5</td><td class=\"num\">0.6</td>"
                   "<td class=\"num\">0.01</td><td>LSD, &quot;quoted&quot; &amp; &lt;x&gt;</td>");
  assert_has(page, "<span class=\"badge xpass\">XPASS</span></td><td class=\"case\">engine/yade/c</td>");
  assert_has(page, "<tr class=\"bad\"><th>yade</th>");
  assert_has(page, "The verifier compared this run with none");
  assert_tidy_clean(test_path("out/index.html"));
}

static void report_states_missing_inputs(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[1024], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd,
           "mkdir '%sempty' && tools/report.sh --data '%sempty' --bench '%sempty' --plots '%sempty' --bench-plots '%sempty' --out '%sout'",
           d, d, d, d, d, d);
  sh(&r, cmd);
  if (r.status != 0) fail_msg("exit %d:\n%s", r.status, r.err);
  const char *page = read_all(test_path("out/index.html"));
  assert_has(page, "No verification run yet: <code>make verify</code> writes data/verify.csv.");
  assert_has(page, "No benchmark run yet: <code>make bench</code>");
  assert_has(page, "No verification run recorded yet.");
  assert_has(page, "No plot drawn yet.");
  assert_tidy_clean(test_path("out/index.html"));
}

static void report_leaves_a_foreign_page_alone(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[1024], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd, "mkdir '%sout' && echo '<p>mine</p>' >'%sout/index.html' && tools/report.sh --data '%snone' --bench '%snone' --out '%sout'",
           d, d, d, d, d);
  sh(&r, cmd);
  assert_int_equal(r.status, 1);
  assert_non_null(strstr(r.err, "was not written by this script: left alone"));
  assert_string_equal(read_all(test_path("out/index.html")), "<p>mine</p>\n");
  /* a link in its place is not followed */
  snprintf(cmd, sizeof cmd, "cd '%sout' && rm index.html && ln -s mine.html index.html && echo kept >mine.html && cd - >/dev/null && "
           "tools/report.sh --data '%snone' --bench '%snone' --out '%sout'", d, d, d, d);
  sh(&r, cmd);
  assert_int_equal(r.status, 1);
  assert_string_equal(read_all(test_path("out/mine.html")), "kept\n");
  sh(&r, "tools/report.sh --runs 0");
  assert_int_equal(r.status, 2);
  assert_non_null(strstr(r.err, "--runs must be a whole number above 0"));
}

/* What a hostile folder holds: a FIFO, a folder and a name with a blank in report/history (the
 * page is written, in bounded time, the rest passed over), a case name that is not UTF-8 (the
 * page stays valid), and engine ratios that are infinite, not a number or hexadecimal (never a
 * ratio on the page). */
static void report_survives_hostile_inputs(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[2048], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd,
           "mkdir -p '%sdata' '%sout/history/verify-20261102T000000Z.tsv' && mkfifo '%sout/history/verify-20261103T000000Z.tsv' && "
           "printf 'date\trevision\n' >'%sout/history/verify-2026 1104.tsv' && "
           "cp data/reference/bench-vm-20261206-151421.csv data/reference/bench-vm-20261206-151421.json '%sdata/' && "
           "awk -F, 'NR == 2 { $12 = \"inf\" } NR == 3 { $12 = \"nan\" } NR == 4 { $12 = \"0x10\" } NR <= 5' OFS=, "
           "data/reference/compare-vm-20261206-151421.csv >'%sdata/compare-vm-20261206-151421.csv'",
           d, d, d, d, d, d);
  sh(&r, cmd);
  if (r.status != 0) fail_msg("setting up: exit %d: %s", r.status, r.err);
  FILE *f = fopen(test_path("data/verify.csv"), "w");
  assert_non_null(f);
  fputs("group,name,status,measured,expected,abs_diff,tolerance,source,seconds,revision,date,machine\n"
        "\"restitution.hooke.velocity\",\"restitution/\xff\xfe/\xc3\x28/\xed\xa0\x80/\xc2\x85/caf\xc3\xa9\",FAIL,0.5,0.6,0.1,0.01,"
        "\"src\",0.1,abc,2026-12-06T01:02:03Z,\"m\"\n",
        f);
  fclose(f);
  report_on_test_data(&r);
  if (r.status != 0) fail_msg("exit %d (124: it hung):\n%s", r.status, r.err);
  assert_non_null(strstr(r.err, "is not a run's summary"));
  const char *page = read_all(test_path("out/index.html"));
  assert_has(page, "restitution/?\?/?(/?\?\?/?\?/caf\xc3\xa9"); /* no trigraphs */
  assert_null(strstr(page, "inf×"));
  assert_null(strstr(page, "nan×"));
  assert_has(page, "rows</th></tr></thead><tbody>"); /* the one finite row still makes a table */
  assert_tidy_clean(test_path("out/index.html"));
}

/* An engine row timed on a busy machine (the compare CSV's engine_busy, from engines bench's busy
 * column) is marked in the ratio table, said in a banner and on the card. */
static void report_marks_busy_engine_rows(void **state) {
  (void)state;
  static CmdResult r;
  char cmd[2048], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(cmd, sizeof cmd,
           "mkdir -p '%sdata' && cp data/reference/bench-vm-20261206-151421.csv data/reference/bench-vm-20261206-151421.json '%sdata/' && "
           "awk -F, 'NR == 1 { print $0 \",engine_busy\"; next } { print $0 \",\" (NR == 2 ? \"yes\" : \"no\") }' "
           "data/reference/compare-vm-20261206-151421.csv >'%sdata/compare-vm-20261206-151421.csv'",
           d, d, d);
  sh(&r, cmd);
  if (r.status != 0) fail_msg("setting up: exit %d: %s", r.status, r.err);
  report_on_test_data(&r);
  if (r.status != 0) fail_msg("exit %d:\n%s", r.status, r.err);
  const char *page = read_all(test_path("out/index.html"));
  assert_has(page, "busy: 1 of ");
  assert_has(page, "1 engine row was timed while other work kept cores busy");
  assert_has(page, "(busy)</span>");
  assert_tidy_clean(test_path("out/index.html"));
}

/* make readme-check runs the commands of a page, not its usage synopses: a line with an optional
 * part ([--opt ...], [VAR=...]) is not run, as one with a <placeholder> is not. */
static void readme_commands_leave_out_synopses(void **state) {
  (void)state;
  static CmdResult r;
  FILE *f = fopen(test_path("page.md"), "w");
  assert_non_null(f);
  fputs("```sh\nmake report [REPORT_ARGS='--quick | --runs N']\nbuild/grandamp packing --type fcc [--n N] --out p.data\n"
        "make verify\nbuild/grandamp model <text>\n```\nRun `make report REPORT_ARGS=--quick` or `make bench [QUICK=1]`.\n",
        f);
  fclose(f);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "awk -f tools/readme_commands.awk '%s'", test_path("page.md"));
  sh(&r, cmd);
  assert_int_equal(r.status, 0);
  assert_string_equal(r.out, "make verify\nmake report REPORT_ARGS=--quick\n");
}

/* Headless chromium: a copy of the page with a script that records, once the page has loaded,
 * how many images it has and which did not load (img.complete && naturalWidth > 0), read back
 * from the dumped DOM; and a screenshot. */
static void report_loads_in_chromium(void **state) {
  (void)state;
  static CmdResult r;
  sh(&r, "command -v chromium");
  if (r.status != 0) {
    print_message("chromium not installed: the report's images are not checked in a browser\n");
    skip();
  }
  reference_report(&r);
  /* the copy with the checking script before </body>, beside the page (its images' paths hold) */
  static const char CHECK[] =
      "<script>window.addEventListener('load', function () {"
      " var bad = [], im = document.images;"
      " for (var i = 0; i < im.length; i++) if (!(im[i].complete && im[i].naturalWidth > 0)) bad.push(im[i].getAttribute('src'));"
      " var p = document.createElement('p'); p.id = 'img-check';"
      " p.textContent = 'images ' + im.length + ' broken ' + bad.length + ': ' + bad.join(' ');"
      " document.body.appendChild(p); });</script>";
  const char *page = read_all(test_path("out/index.html"));
  const char *end = strstr(page, "</body>");
  assert_non_null(end);
  FILE *f = fopen(test_path("out/check.html"), "w");
  assert_non_null(f);
  fprintf(f, "%.*s%s%s", (int)(end - page), page, CHECK, end);
  fclose(f);
  char cmd[2048], chrome[512], d[128];
  snprintf(d, sizeof d, "%s", test_path(""));
  snprintf(chrome, sizeof chrome, "timeout 120 chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --user-data-dir='%sprofile'", d);
  snprintf(cmd, sizeof cmd, "%s --virtual-time-budget=10000 --dump-dom 'file://%sout/check.html' 2>/dev/null | grep -o 'id=\"img-check\">[^<]*'",
           chrome, d);
  sh(&r, cmd);
  static CmdResult ls;
  sh(&ls, "ls plots/reference/*.png | wc -l");
  char want[128];
  snprintf(want, sizeof want, "id=\"img-check\">images %d broken 0: \n", atoi(ls.out));
  if (r.status != 0 || strcmp(r.out, want) != 0) fail_msg("chromium: exit %d, '%s' (expected '%s')", r.status, r.out, want);
  snprintf(cmd, sizeof cmd, "%s --window-size=1280,2400 --screenshot='%sshot.png' 'file://%sout/index.html' >/dev/null 2>&1 && test -s '%sshot.png'",
           chrome, d, d, d);
  sh(&r, cmd);
  assert_int_equal(r.status, 0);
  const char *keep = getenv("GRANDAMP_REPORT_SCREENSHOT");
  if (keep && *keep) {
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", test_path("shot.png"), keep);
    sh(&r, cmd);
    assert_int_equal(r.status, 0);
  }
}

const struct CMUnitTest report_tests[] = {
    tagged_test_setup_teardown(serial, report_from_reference_data, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_lists_failing_cases, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_states_missing_inputs, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_leaves_a_foreign_page_alone, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_survives_hostile_inputs, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_marks_busy_engine_rows, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, readme_commands_leave_out_synopses, test_dir_setup, test_dir_teardown),
    tagged_test_setup_teardown(serial, report_loads_in_chromium, test_dir_setup, test_dir_teardown),
};
const size_t report_ntests = sizeof report_tests / sizeof *report_tests;
