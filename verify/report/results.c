/* results.c - the verifier's results as files (see results.h). */
#include "results.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "numparse.h"
#include "output.h"

const char *case_status(const CaseResult *c) {
  if (c->skipped) return "SKIP";
  if (c->xfail) return c->pass ? "XFAIL" : "XPASS";
  return c->pass ? "PASS" : "FAIL";
}

static void csv_field(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void xml_text(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
  }
}

RunId run_id(const char *revision) {
  RunId id = {0};
  snprintf(id.revision, sizeof id.revision, "%s", revision);
  const time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(id.date, sizeof id.date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  char host[128] = "unknown", cpu[160] = "unknown cpu";
  if (gethostname(host, sizeof host) != 0) snprintf(host, sizeof host, "unknown");
  host[sizeof host - 1] = '\0';
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    char line[512];
    while (fgets(line, sizeof line, f))
      if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
        snprintf(cpu, sizeof cpu, "%s", strchr(line, ':') + 2);
        cpu[strcspn(cpu, "\n")] = '\0';
        break;
      }
    fclose(f);
  }
  snprintf(id.machine, sizeof id.machine, "%s (%s, %ld cores)", host, cpu, sysconf(_SC_NPROCESSORS_ONLN));
  return id;
}

bool results_write_csv(const CaseResult *res, int n, const RunId *id, const char *path) {
  OutFile o;
  if (!out_open(&o, path)) return false;
  /* check and reason come last: readers that know the older columns find them where they were */
  fprintf(o.f, "group,name,status,measured,expected,abs_diff,tolerance,source,seconds,revision,date,machine,check,reason\n");
  for (int k = 0; k < n; k++) {
    const CaseResult *c = &res[k];
    csv_field(o.f, c->group);
    fputc(',', o.f);
    csv_field(o.f, c->name);
    fprintf(o.f, ",%s,%s,%s,%s,%s,", case_status(c), num_csv(c->measured).s, num_csv(c->expected).s,
            num_csv(fabs(c->measured - c->expected)).s, num_csv(c->tol).s);
    csv_field(o.f, c->source);
    fprintf(o.f, ",%.6f,%s,%s,", c->seconds, id->revision, id->date);
    csv_field(o.f, id->machine);
    static const char *const CHECKS[] = {"within", "at_most", "at_least"};
    fprintf(o.f, ",%s,", CHECKS[c->check]);
    csv_field(o.f, c->skipped ? (c->reason[0] ? c->reason : c->source) : "");
    fputc('\n', o.f);
  }
  return out_commit(&o);
}

bool results_write_junit(const CaseResult *res, int n, int failed, int skipped, bool quick, double seconds,
                         const RunId *id, const char *path) {
  OutFile o;
  if (!out_open(&o, path)) return false;
  fprintf(o.f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  fprintf(o.f, "<testsuites name=\"grandamp-verify\" tests=\"%d\" failures=\"%d\" skipped=\"%d\" time=\"%.3f\">\n",
          n, failed, skipped, seconds);
  fprintf(o.f, "  <testsuite name=\"grandamp-verify%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\" time=\"%.3f\">\n",
          quick ? "-quick" : "", n, failed, skipped, seconds);
  fprintf(o.f, "    <properties><property name=\"revision\" value=\"%s\"/><property name=\"date\" value=\"%s\"/>"
               "<property name=\"machine\" value=\"", id->revision, id->date);
  xml_text(o.f, id->machine);
  fprintf(o.f, "\"/></properties>\n");
  for (int k = 0; k < n; k++) {
    const CaseResult *c = &res[k];
    fprintf(o.f, "    <testcase classname=\"");
    xml_text(o.f, c->group);
    fprintf(o.f, "\" name=\"");
    xml_text(o.f, c->name);
    fprintf(o.f, "\" time=\"%.6f\"", c->seconds);
    const bool xfailed = c->xfail && c->pass && !c->skipped; /* a known defect, as expected */
    if (c->pass && !c->skipped && !xfailed) {
      fprintf(o.f, "/>\n");
      continue;
    }
    fprintf(o.f, ">\n      <%s message=\"", c->skipped || xfailed ? "skipped" : "failure");
    char msg[512];
    if (c->skipped) snprintf(msg, sizeof msg, "%s", c->source);
    else if (xfailed) snprintf(msg, sizeof msg, "XFAIL: measured %.10g, expected %.10g (%s)", c->measured, c->expected, c->source);
    else if (c->check != CHECK_WITHIN)
      snprintf(msg, sizeof msg, "measured %.10g, expected %s %.10g (%s)", c->measured,
               c->check == CHECK_AT_MOST ? "at most" : "at least", case_bound(c), c->source);
    else
      snprintf(msg, sizeof msg, "measured %.10g, expected %.10g, |diff| %.3g > tol %.3g (%s)", c->measured, c->expected,
               fabs(c->measured - c->expected), c->tol, c->source);
    xml_text(o.f, msg);
    fprintf(o.f, "\"/>\n    </testcase>\n");
  }
  fprintf(o.f, "  </testsuite>\n</testsuites>\n");
  return out_commit(&o);
}
