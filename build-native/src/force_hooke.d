build-native/src/force_hooke.o: src/force_hooke.c src/force_kernel.h \
 src/contact.h src/damping.h src/normal.h src/model.h src/error.h \
 src/tangential.h src/mixing.h src/force.h src/neighbor.h src/particles.h
src/force_kernel.h:
src/contact.h:
src/damping.h:
src/normal.h:
src/model.h:
src/error.h:
src/tangential.h:
src/mixing.h:
src/force.h:
src/neighbor.h:
src/particles.h:
