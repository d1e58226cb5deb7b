build-native/src/energy.o: src/energy.c src/energy.h src/force.h \
 src/model.h src/damping.h src/normal.h src/error.h src/tangential.h \
 src/mixing.h src/neighbor.h src/particles.h src/contact.h
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
src/contact.h:
