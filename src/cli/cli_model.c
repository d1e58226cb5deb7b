/* cli_model.c - `grandamp model '<pair_coeff text>'`: the resolved model as JSON. */
#include <stdio.h>

#include "cli.h"
#include "error.h"
#include "model.h"

int cli_model(int argc, char **argv) {
  if (argc != 1) {
    fprintf(stderr, "grandamp: error: model: expects exactly one argument, the model text in quotes, "
                    "e.g. grandamp model 'hooke 1000 50 tangential linear_nohistory 1 0.4'\n");
    return GD_EXIT_USAGE;
  }
  ErrList err = {0};
  ContactModel m;
  if (model_parse(argv[0], &m, &err)) {
    errlist_print(&err, stderr);
    errlist_free(&err);
    return GD_EXIT_USAGE;
  }
  model_write_json(stdout, &m);
  return fflush(stdout) == 0 && !ferror(stdout) ? GD_EXIT_OK : GD_EXIT_RUNTIME;
}
