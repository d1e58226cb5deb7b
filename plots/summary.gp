# What the plot test (tests/cli/test_plots.c) reads of a drawn plot, written only when the
# environment names a file: GRANDAMP_PLOT_SUMMARY=FILE. A script loads this once, then after each
# panel's plot command (PNG pass only) evaluates the macros below; one line each, appended:
#   panel NAME                                          the panel (an image, or one of a multiplot's)
#   axis x|y log|lin AXIS_MIN AXIS_MAX DATA_MIN DATA_MAX the drawn range beside the data's
#   series COLOUR DASH POINT TITLE                      a series the key (or the panel's title) names
#   label X0 Y0 X1 Y1 TEXT                              a text's box in pixels (estimated from its length)
# Without the variable every macro does nothing, so the plots are drawn as before. Names and
# texts go through the shell in single quotes: they must hold none.
summary_file = system('printf %s "$GRANDAMP_PLOT_SUMMARY"')
summary_on = strlen(summary_file) > 0
summary_say(s) = summary_on ? system(sprintf("printf '%%s\\n' '%s' >>'%s'", s, summary_file)) : ''
# the panel: set summary_name and the axes' scales (summary_xlog, summary_ylog: 1 for log) first
summary_axes = "dummy = summary_say('panel ' . summary_name) . \
  summary_say(sprintf('axis x %s %.6g %.6g %.6g %.6g', summary_xlog ? 'log' : 'lin', GPVAL_X_MIN, GPVAL_X_MAX, GPVAL_DATA_X_MIN, GPVAL_DATA_X_MAX)) . \
  summary_say(sprintf('axis y %s %.6g %.6g %.6g %.6g', summary_ylog ? 'log' : 'lin', GPVAL_Y_MIN, GPVAL_Y_MAX, GPVAL_DATA_Y_MIN, GPVAL_DATA_Y_MAX))"
# a series: summary_series(colour, dash type, point type (-1: none), title)
summary_series(c, d, p, t) = summary_say(sprintf('series %s %d %d %s', c, d, p, t))
# pixels of a point of the panel just drawn, from its axis range (log or linear) and plot area
summary_frac(v, lo, hi, lg) = lg ? log(v / lo) / log(hi / lo) : (v - lo) / (hi - lo)
summary_px(x) = GPVAL_TERM_XMIN + (GPVAL_TERM_XMAX - GPVAL_TERM_XMIN) * summary_frac(x, GPVAL_X_MIN, GPVAL_X_MAX, summary_xlog)
summary_py(y) = GPVAL_TERM_YMIN + (GPVAL_TERM_YMAX - GPVAL_TERM_YMIN) * summary_frac(y, GPVAL_Y_MIN, GPVAL_Y_MAX, summary_ylog)
# a left-aligned label at (x, y) shifted by (dx, dy) characters, its font scale s of the terminal's:
# the box the text covers, a character GPVAL_TERM_HCHAR wide and GPVAL_TERM_VCHAR high
summary_cw(s) = s * GPVAL_TERM_HCHAR / GPVAL_TERM_SCALE
summary_ch(s) = s * GPVAL_TERM_VCHAR / GPVAL_TERM_SCALE
summary_label(x, y, dx, dy, s, t) = summary_say(sprintf('label %.1f %.1f %.1f %.1f %s', \
  summary_px(x) + dx * summary_cw(s), summary_py(y) + (dy - 0.5) * summary_ch(s), \
  summary_px(x) + (dx + strlen(t)) * summary_cw(s), summary_py(y) + (dy + 0.5) * summary_ch(s), t))
