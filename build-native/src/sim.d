build-native/src/sim.o: src/sim.c src/sim.h src/energy.h src/force.h \
 src/model.h src/damping.h src/normal.h src/error.h src/tangential.h \
 src/mixing.h src/neighbor.h src/particles.h src/timer.h src/integrate.h
src/sim.h:
src/energy.h:
src/force.h:
src/model.h:
src/damping.h:
src/normal.h:
src/error.h:
src/tangential.h:
src/mixing.h:
src/neighbor.h:
src/particles.h:
src/timer.h:
src/integrate.h:
