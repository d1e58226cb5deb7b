build-native/src/packing.o: src/packing.c src/packing.h src/error.h \
 src/particles.h src/energy.h src/force.h src/model.h src/damping.h \
 src/normal.h src/tangential.h src/mixing.h src/neighbor.h src/rng.h
src/packing.h:
src/error.h:
src/particles.h:
src/energy.h:
src/force.h:
src/model.h:
src/damping.h:
src/normal.h:
src/tangential.h:
src/mixing.h:
src/neighbor.h:
src/rng.h:
