/*
 * cli_calibrate.h - what `grandamp calibrate` found (cli_calibrate.c), and its three forms
 * (cli_calibrate_out.c): the lines and table on stdout, the JSON object, the plots.
 */
#ifndef GD_CLI_CALIBRATE_H
#define GD_CLI_CALIBRATE_H

#include <stdbool.h>
#include <stdio.h>

#include "calibrate.h"
#include "error.h"

typedef struct CalibrateReport {
  CalibrateSpec s;
  bool fit_mode;                           /**< --data: least squares on the points */
  int nmodels;
  DampingModel model[N_DAMPING];
  CalibrateResult res[N_DAMPING];          /**< the coefficient (solved, or fitted) */
  bool has_behaviour[N_DAMPING];           /**< beh is filled (the coefficient was found) */
  CalibrateBehaviour beh[N_DAMPING];
  int npts;
  const CalibratePoint *pts;
  CalibrateFit *fit;                       /**< nmodels of them (fit mode) */
  int rank[N_DAMPING];                     /**< fit mode: model indices, best first */
} CalibrateReport;

void calibrate_print_text(const CalibrateReport *r, FILE *f);
void calibrate_print_json(const CalibrateReport *r, FILE *f);
/** The checks of --plots DIR before any work: every destination writable (out_check) and none of
 *  them one of the inputs (the points file, the gnuplot script), gnuplot installed, TMPDIR an
 *  existing writable directory. One message per problem; false when any. */
bool calibrate_plots_check(const char *dir, bool fit_mode, const char *const *inputs, int ninputs, ErrList *err);
/** Writes DIR/calibrate.dat and draws DIR/calibrate-{speed,contacts,dt[,fit]}.png with gnuplot
 *  (plots/calibrate.gp beside the build folder), as a set: all new, or none changed and false with
 *  the reason (gnuplot's own words included) on stderr. */
bool calibrate_write_plots(const CalibrateReport *r, const char *dir);
/** The path of plots/calibrate.gp (proc_runtime_file: GRANDAMP_SHARE, the tree, share/grandamp) into buf; false when not found. */
bool calibrate_plot_script(char *buf, size_t size);

#endif
