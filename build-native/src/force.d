build-native/src/force.o: src/force.c src/force.h src/model.h \
 src/damping.h src/normal.h src/error.h src/tangential.h src/mixing.h \
 src/neighbor.h src/particles.h src/contact.h src/force_kernel.h
src/force.h:
src/model.h:
src/damping.h:
src/normal.h:
src/error.h:
src/tangential.h:
src/mixing.h:
src/neighbor.h:
src/particles.h:
src/contact.h:
src/force_kernel.h:
