build-native/src/cli_forces.o: src/cli_forces.c src/cli.h \
 src/cli_common.h src/cli_args.h src/error.h src/packing.h \
 src/particles.h src/datafile.h src/output.h src/sim.h src/energy.h \
 src/force.h src/model.h src/damping.h src/normal.h src/tangential.h \
 src/mixing.h src/neighbor.h src/timer.h src/type_table.h
src/cli.h:
src/cli_common.h:
src/cli_args.h:
src/error.h:
src/packing.h:
src/particles.h:
src/datafile.h:
src/output.h:
src/sim.h:
src/energy.h:
src/force.h:
src/model.h:
src/damping.h:
src/normal.h:
src/tangential.h:
src/mixing.h:
src/neighbor.h:
src/timer.h:
src/type_table.h:
